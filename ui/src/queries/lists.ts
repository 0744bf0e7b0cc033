import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import { serverMessage } from '../lib/apiErrors'
import type { CatalogKind } from '../lib/catalog'
import type { Activity, ActivityUser } from '../lib/feed'
import { moveItem, removeListItem, type ListItem, type ListVisibility } from '../lib/lists'
import { toast } from '../lib/toast'
import { diaryKeys } from './diary'

/**
 * listKeys: generic → specific, each key the path the default fetcher GETs. A list's
 * detail is ['/api/lists', id, {limit}]; my lists ['/api/user/lists'] (with a title, the
 * Add to list menu's ticks); a member's Lists tab and favourites sit under the member.
 */
export const listKeys = {
  all: ['/api/lists'] as const,
  detail: (id: string) => [...listKeys.all, id, { limit: LIST_PAGE }] as const,
  mine: ['/api/user/lists'] as const,
  mineWith: (kind: CatalogKind, id: number) => [...listKeys.mine, kind === 'movie' ? { movieId: id } : { tvShowId: id }] as const,
  member: (userId: string) => [...diaryKeys.member(userId), 'lists'] as const,
  favorites: (userId: string) => [...diaryKeys.member(userId), 'favorites'] as const,
  title: (kind: CatalogKind, id: number) => [kind === 'movie' ? '/api/movies' : '/api/tv-shows', id, 'lists'] as const,
}

/** The list page reads up to this many items at once (the server pages by `before`). */
export const LIST_PAGE = 500

/** A list as cards show it. */
export interface ListSummary {
  id: string
  name: string
  description: string
  ranked: boolean
  visibility: ListVisibility
  owner: ActivityUser
  itemCount: number
  posters: string[]
  updatedAt: string
  contains?: boolean
}

/** GET /api/lists/{id}. */
export interface ListDetail extends ListSummary {
  editors: ActivityUser[]
  items: ListItem[]
  role: 'owner' | 'editor' | 'follower' | 'member'
  canEdit: boolean
  seen: number
  thread: Activity | null
  next: string
}

export interface MyLists {
  own: ListSummary[]
  shared: ListSummary[]
  friends: ListSummary[]
}

export interface Favorite {
  movieId: number
  title: string
  year: number
  posterPath: string
}

export const listQuery = (id: string) => queryOptions<ListDetail>({ queryKey: listKeys.detail(id) })
export const myListsQuery = () => queryOptions<MyLists>({ queryKey: listKeys.mine })
export const myListsWithQuery = (kind: CatalogKind, id: number) => queryOptions<MyLists>({ queryKey: listKeys.mineWith(kind, id) })
export const memberListsQuery = (userId: string) => queryOptions<ListSummary[]>({ queryKey: [...listKeys.member(userId), { limit: 50 }] })
export const favoritesQuery = (userId: string) => queryOptions<Favorite[]>({ queryKey: listKeys.favorites(userId) })
/** The lists of 'In N lists by friends', read when the member opens it. */
export const titleListsQuery = (kind: CatalogKind, id: number) =>
  queryOptions<{ count: number; lists: ListSummary[] }>({ queryKey: listKeys.title(kind, id), enabled: id > 0 })

/** After any list change: my lists, the list, the Lists tabs. */
function refreshLists(client: QueryClient, id?: string) {
  if (id) void client.invalidateQueries({ queryKey: [...listKeys.all, id] })
  void client.invalidateQueries({ queryKey: listKeys.mine })
  void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === diaryKeys.users[0] && q.queryKey[2] === 'lists' })
}

function failed(title: string) {
  return (error: unknown) => toast({ title, description: serverMessage(error, 'Please try again.'), variant: 'destructive' })
}

export interface ListFields {
  name: string
  description?: string
  ranked?: boolean
  visibility?: ListVisibility
}

/** useCreateList: POST /api/lists; answers the new list. */
export function useCreateList() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (fields: ListFields) => apiRequest<ListDetail>('POST', '/api/lists', fields),
    onSuccess: (list) => {
      client.setQueryData(listKeys.detail(list.id), list)
      refreshLists(client)
    },
  })
}

/** useUpdateList: PATCH /api/lists/{id} (owner only). */
export function useUpdateList(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (fields: Partial<ListFields>) => apiRequest<ListDetail>('PATCH', `/api/lists/${encodeURIComponent(id)}`, fields),
    onSuccess: (list) => {
      client.setQueryData(listKeys.detail(id), list)
      refreshLists(client, id)
    },
  })
}

/** useDeleteList: DELETE /api/lists/{id} (owner only). */
export function useDeleteList(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/lists/${encodeURIComponent(id)}`),
    onSuccess: () => {
      client.removeQueries({ queryKey: [...listKeys.all, id] })
      refreshLists(client)
    },
    onError: failed('Could not delete the list'),
  })
}

/** useAddToList: POST /api/lists/{id}/items {movieId | tvShowId, note}. */
export function useAddToList() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ listId, kind, titleId, note }: { listId: string; kind: CatalogKind; titleId: number; note?: string }) =>
      apiRequest<ListItem>('POST', `/api/lists/${encodeURIComponent(listId)}/items`, {
        [kind === 'movie' ? 'movieId' : 'tvShowId']: titleId,
        note: note ?? '',
      }),
    onSettled: (_d, _e, v) => {
      refreshLists(client, v.listId)
      void client.invalidateQueries({ queryKey: listKeys.title(v.kind, v.titleId) })
    },
  })
}

/** Optimistic change of a cached list, rolled back on error. */
function useListEdit<V>(listId: string, request: (v: V) => Promise<unknown>, change: (list: ListDetail, v: V) => ListDetail, errorTitle: string) {
  const client = useQueryClient()
  const key = listKeys.detail(listId)
  return useMutation({
    mutationFn: request,
    onMutate: async (v: V) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<ListDetail>(key)
      if (before) client.setQueryData<ListDetail>(key, change(before, v))
      return { before }
    },
    onError: (error, _v, context) => {
      if (context?.before) client.setQueryData(key, context.before)
      failed(errorTitle)(error)
    },
    onSettled: () => refreshLists(client, listId),
  })
}

/** useMoveItem: PATCH /api/lists/{id}/items/{itemId} {position}, moved at once in the cache. */
export function useMoveItem(listId: string) {
  return useListEdit<{ itemId: string; from: number; to: number; position: number }>(
    listId,
    (v) => apiRequest('PATCH', `/api/lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(v.itemId)}`, { position: v.position }),
    (list, v) => ({ ...list, items: moveItem(list.items, v.from, v.to) }),
    'Could not move that title',
  )
}

/** useRemoveItem: DELETE /api/lists/{id}/items/{itemId}, gone at once from the cache. */
export function useRemoveItem(listId: string) {
  return useListEdit<{ itemId: string }>(
    listId,
    (v) => apiRequest('DELETE', `/api/lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(v.itemId)}`),
    (list, v) => ({ ...list, items: removeListItem(list.items, v.itemId), itemCount: Math.max(0, list.itemCount - 1) }),
    'Could not remove that title',
  )
}

/** useEditNote: PATCH /api/lists/{id}/items/{itemId} {note}. */
export function useEditNote(listId: string) {
  return useListEdit<{ itemId: string; note: string }>(
    listId,
    (v) => apiRequest('PATCH', `/api/lists/${encodeURIComponent(listId)}/items/${encodeURIComponent(v.itemId)}`, { note: v.note }),
    (list, v) => ({ ...list, items: list.items.map((i) => (i.id === v.itemId ? { ...i, note: v.note } : i)) }),
    'Could not save the note',
  )
}

/** useEditors: invite (POST /api/lists/{id}/editors) and remove (DELETE .../editors/{userId}). */
export function useEditors(listId: string) {
  const client = useQueryClient()
  const invite = useMutation({
    mutationFn: (userId: string) => apiRequest<ListDetail>('POST', `/api/lists/${encodeURIComponent(listId)}/editors`, { userId }),
    onSuccess: (list) => client.setQueryData(listKeys.detail(listId), list),
    onError: failed('Could not invite them'),
  })
  const remove = useMutation({
    mutationFn: (userId: string) => apiRequest('DELETE', `/api/lists/${encodeURIComponent(listId)}/editors/${encodeURIComponent(userId)}`),
    onSettled: () => refreshLists(client, listId),
    onError: failed('Could not remove them'),
  })
  return { invite, remove }
}

/** useSetFavorites: PUT /api/user/favorites {movieIds}, shown at once, rolled back on error. */
export function useSetFavorites(userId: string) {
  const client = useQueryClient()
  const key = listKeys.favorites(userId)
  return useMutation({
    mutationFn: (favorites: Favorite[]) => apiRequest<Favorite[]>('PUT', '/api/user/favorites', { movieIds: favorites.map((f) => f.movieId) }),
    onMutate: async (favorites) => {
      await client.cancelQueries({ queryKey: key })
      const before = client.getQueryData<Favorite[]>(key)
      client.setQueryData(key, favorites)
      return { before }
    },
    onError: (error, _v, context) => {
      client.setQueryData(key, context?.before)
      failed('Could not save your favourites')(error)
    },
    onSettled: () => void client.invalidateQueries({ queryKey: key }),
  })
}
