import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query'
import { API_HEADERS, apiRequest, keyToUrl, serverMessage, throwIfResNotOk } from '../lib/api'
import {
  FEED_PAGE_SIZE,
  likePatch,
  nextFeedPage,
  removeActivity,
  updateActivity,
  type Activity,
  type ActivityCache,
  type LikeState,
} from '../lib/feed'
import { toast } from '../lib/toast'
import { invalidateAfterDiaryChange } from './diary'

/**
 * feedKeys: generic → specific, each key being the path the default fetcher GETs
 * (SPEC §7; an object part is the query string):
 * ['/api/feed'] is everything feed-shaped; ['/api/feed', { limit: 20 }] the paged home
 * feed (the page goes in the query string: /api/feed?limit=20&page=N);
 * ['/api/activities', id] one post; ['/api/users', id, 'activities'] a member's posts
 * (under the member, so a diary change refreshes them with the profile).
 */
export const feedKeys = {
  all: ['/api/feed'] as const,
  infinite: ['/api/feed', { limit: FEED_PAGE_SIZE }] as const,
  activities: ['/api/activities'] as const,
  activity: (id: string) => [...feedKeys.activities, id] as const,
  memberPosts: (userId: string) => ['/api/users', userId, 'activities'] as const,
}

// An infinite query's page is not part of its key, so it cannot use the default fetcher.
async function getJSON<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', headers: { ...API_HEADERS }, signal })
  await throwIfResNotOk(res)
  return (await res.json()) as T
}

/** feedInfiniteQuery: GET /api/feed?limit=20&page=N, newest first, until a page has fewer than 20. */
export const feedInfiniteQuery = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.infinite,
    queryFn: ({ queryKey, pageParam, signal }) => getJSON<Activity[]>(keyToUrl([...queryKey, { page: pageParam }]), signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => nextFeedPage(lastPage, pages),
  })

/** activityQuery: GET /api/activities/{id} (404 once deleted: not retried). */
export const activityQuery = (id: string) =>
  queryOptions<Activity>({
    queryKey: feedKeys.activity(id),
    retry: (failureCount, error) => !/^(401|403|404):/.test(error.message) && failureCount < 2,
  })

/** holdsActivities: the cached queries a post can sit in (feed pages, one post, a member's posts). */
function holdsActivities(query: Query): boolean {
  const [root, , leaf] = query.queryKey
  return root === feedKeys.all[0] || root === feedKeys.activities[0] || (root === '/api/users' && leaf === 'activities')
}

type Snapshot = [readonly unknown[], unknown][]

async function snapshotActivities(client: QueryClient): Promise<Snapshot> {
  await client.cancelQueries({ predicate: holdsActivities })
  return client.getQueriesData({ predicate: holdsActivities })
}

function restore(client: QueryClient, snapshot: Snapshot | undefined) {
  for (const [key, data] of snapshot ?? []) client.setQueryData(key, data)
}

/**
 * patchCachedActivity changes one post in every cached feed page, post and member list at
 * once (likes here; realtime and comment counts elsewhere).
 */
export function patchCachedActivity(client: QueryClient, id: string, change: (a: Activity) => Activity): void {
  client.setQueriesData<ActivityCache>({ predicate: holdsActivities }, (data) => updateActivity(data, id, change))
}

/** removeCachedActivity takes a deleted post out of every cached feed page and list. */
export function removeCachedActivity(client: QueryClient, id: string): void {
  client.setQueriesData<ActivityCache>({ predicate: holdsActivities }, (data) => removeActivity(data, id))
}

/** Marks every cache holding posts stale; the ones on screen refetch. */
function invalidateActivities(client: QueryClient, refetchType: 'active' | 'none' = 'active') {
  return client.invalidateQueries({ predicate: holdsActivities, refetchType })
}

function useLikeMutation(liked: boolean) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest<LikeState>(liked ? 'POST' : 'DELETE', `/api/activities/${encodeURIComponent(id)}/like`),
    onMutate: async (id) => {
      const snapshot = await snapshotActivities(client)
      patchCachedActivity(client, id, (a) => ({ ...a, ...likePatch(a, liked) }))
      return { snapshot }
    },
    onError: (error, _id, context) => {
      restore(client, context?.snapshot)
      toast({ title: 'Error', description: serverMessage(error, 'Failed to update like'), variant: 'destructive' })
    },
    onSuccess: (state, id) => {
      if (state) patchCachedActivity(client, id, (a) => ({ ...a, isLiked: state.isLiked, likeCount: state.likeCount }))
    },
    // The answer holds the true count, so nothing is refetched now (a 20-post page per like);
    // the caches are only marked stale for their next visit.
    onSettled: () => invalidateActivities(client, 'none'),
  })
}

/**
 * useLikeActivity: POST /api/activities/{id}/like. The heart fills and the count moves by
 * one at once in every cached copy of the post; a failure puts them back with SPEC §8's
 * toast; the server's answer sets the final count.
 */
export function useLikeActivity() {
  return useLikeMutation(true)
}

/** useUnlikeActivity: DELETE /api/activities/{id}/like, optimistic like useLikeActivity. */
export function useUnlikeActivity() {
  return useLikeMutation(false)
}

/** The body of PATCH /api/activities/{id}. */
export interface EditActivityInput {
  id: string
  rating?: number
  review?: string
}

/**
 * useEditActivity: PATCH /api/activities/{id} {rating, review} (owner only). The answer
 * replaces the post everywhere it is cached; the diary lists and stats it changed refresh.
 * A failure toasts SPEC §8's 'Failed to update post' (or the server's word) and rejects.
 */
export function useEditActivity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: EditActivityInput) => apiRequest<Activity>('PATCH', `/api/activities/${encodeURIComponent(id)}`, body),
    onSuccess: (activity, { id }) => {
      if (activity) patchCachedActivity(client, id, (a) => ({ ...a, ...activity }))
      void invalidateAfterDiaryChange(client)
    },
    onError: (error) => {
      toast({ title: 'Error', description: serverMessage(error, 'Failed to update post'), variant: 'destructive' })
    },
  })
}

/** What useDeleteActivity removes; an episode review has its own failure message. */
export interface DeleteActivityInput {
  id: string
  isEpisodeReview?: boolean
}

/**
 * useDeleteActivity: DELETE /api/activities/{id} (owner only; the card asked first). The
 * post leaves every cached list at once; a failure puts it back with SPEC §8's toast.
 */
export function useDeleteActivity() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: DeleteActivityInput) => apiRequest<null>('DELETE', `/api/activities/${encodeURIComponent(id)}`),
    onMutate: async ({ id }) => {
      const snapshot = await snapshotActivities(client)
      removeCachedActivity(client, id)
      return { snapshot }
    },
    onError: (error, { isEpisodeReview }, context) => {
      restore(client, context?.snapshot)
      const fallback = isEpisodeReview ? 'Failed to delete episode review' : 'Failed to delete post. Please try again.'
      toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' })
    },
    onSuccess: (_data, { id }) => {
      client.removeQueries({ queryKey: feedKeys.activity(id), exact: true })
      void invalidateAfterDiaryChange(client)
    },
    onSettled: () => invalidateActivities(client, 'none'),
  })
}
