import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { API_HEADERS, apiRequest, keyToUrl, throwIfResNotOk } from '../lib/api'
import type { CatalogKind } from '../lib/catalog'
import { nextDiaryPage, type DiaryItem, type EpisodeReview, type Profile, type Stats, type WatchEntry } from '../lib/diary'
import type { EntryPayload, WatchStatus } from '../lib/rating'
import type { User } from '../lib/users'
import { invalidateTracking } from './tv'

const entriesPath: Record<CatalogKind, string> = { movie: '/api/user/movies', tv: '/api/user/tv-shows' }

/**
 * diaryKeys: generic → specific, each key being the path the default fetcher GETs
 * (SPEC §7; an object part is the query string):
 * ['/api/user/movies', { status: 'watched' }] → /api/user/movies?status=watched,
 * ['/api/users', id, 'diary'] → /api/users/{id}/diary (the page goes in the query string).
 * A member's profile and diary sit under ['/api/users', id]; a show's episode reviews sit
 * under the show (['/api/tv-shows', id]), so refreshing the show refreshes them too.
 */
export const diaryKeys = {
  entries: (kind: CatalogKind) => [entriesPath[kind]] as const,
  entriesByStatus: (kind: CatalogKind, status?: WatchStatus) =>
    status ? ([entriesPath[kind], { status }] as const) : diaryKeys.entries(kind),
  stats: ['/api/user/stats'] as const,
  following: ['/api/user/following'] as const,
  users: ['/api/users'] as const,
  member: (userId: string) => [...diaryKeys.users, userId] as const,
  profile: (userId: string) => [...diaryKeys.member(userId), 'profile'] as const,
  diary: (userId: string) => [...diaryKeys.member(userId), 'diary'] as const,
  episodeReviews: (tvId: number, season?: number) =>
    season == null
      ? (['/api/tv-shows', tvId, 'episode-reviews'] as const)
      : (['/api/tv-shows', tvId, 'episode-reviews', { season }] as const),
}

/** Keys of the lists other domains own that a diary change makes stale (SPEC §7). */
export const feedKey = ['/api/feed'] as const
export const notificationsKey = ['/api/notifications'] as const
export const unreadCountKey = ['/api/notifications/unread-count'] as const

/** entriesQuery: GET /api/user/movies or /api/user/tv-shows, optionally one status. */
export const entriesQuery = (kind: CatalogKind, status?: WatchStatus) =>
  queryOptions<WatchEntry[]>({ queryKey: diaryKeys.entriesByStatus(kind, status) })

/** statsQuery: GET /api/user/stats, the home page's 'Your Stats This Month'. */
export const statsQuery = () => queryOptions<Stats>({ queryKey: diaryKeys.stats })

/** followingQuery: GET /api/user/following, the members the watched-with picker offers. */
export const followingQuery = () => queryOptions<User[]>({ queryKey: diaryKeys.following })

/** profileQuery: GET /api/users/{id}/profile ('me' allowed). A missing member is final. */
export const profileQuery = (userId: string) =>
  queryOptions<Profile>({
    queryKey: diaryKeys.profile(userId),
    retry: (failureCount, error) => !/^(400|401|404):/.test(error.message) && failureCount < 2,
  })

/** diaryInfiniteQuery: GET /api/users/{id}/diary?page=N, 50 watches a page, newest first. */
export const diaryInfiniteQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: diaryKeys.diary(userId),
    queryFn: ({ queryKey, pageParam, signal }) => getJSON<DiaryItem[]>(keyToUrl([...queryKey, { page: pageParam }]), signal),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => nextDiaryPage(lastPage, pages),
  })

/** episodeReviewsQuery: GET /api/tv-shows/{id}/episode-reviews?season=N, newest first. */
export const episodeReviewsQuery = (tvId: number, season: number) =>
  queryOptions<EpisodeReview[]>({ queryKey: diaryKeys.episodeReviews(tvId, season) })

// An infinite query's page is not part of its key, so it cannot use the default fetcher.
async function getJSON<T>(url: string, signal: AbortSignal): Promise<T> {
  const res = await fetch(url, { credentials: 'include', headers: { ...API_HEADERS }, signal })
  await throwIfResNotOk(res)
  return (await res.json()) as T
}

/**
 * invalidateAfterDiaryChange marks stale what an add or an edit changes (SPEC §7): the feed,
 * stats, notifications and the unread count, the movie and TV lists, reviews (episode
 * reviews) and profiles (their totals, analytics and diaries).
 */
/** isCommunityRatingKey: a title page's community rating (['/api/movies', id, 'ratings']). */
function isCommunityRatingKey(key: readonly unknown[]): boolean {
  return (key[0] === '/api/movies' || key[0] === '/api/tv-shows') && key[2] === 'ratings'
}

export function invalidateAfterDiaryChange(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: feedKey }),
    client.invalidateQueries({ queryKey: diaryKeys.stats }),
    client.invalidateQueries({ queryKey: notificationsKey }),
    client.invalidateQueries({ queryKey: unreadCountKey }),
    client.invalidateQueries({ queryKey: diaryKeys.entries('movie') }),
    client.invalidateQueries({ queryKey: diaryKeys.entries('tv') }),
    client.invalidateQueries({ predicate: (q) => isEpisodeReviewsKey(q.queryKey) }),
    client.invalidateQueries({ queryKey: diaryKeys.users }),
    client.invalidateQueries({ predicate: (q) => isCommunityRatingKey(q.queryKey) }),
    invalidateTracking(client),
  ]).then(() => undefined)
}

function isEpisodeReviewsKey(key: readonly unknown[]): boolean {
  return key[0] === '/api/tv-shows' && key[2] === 'episode-reviews'
}

/** What useLogEntry sends: the payload and which list it goes to. */
export interface LogEntryInput {
  kind: CatalogKind
  payload: EntryPayload
}

/**
 * useLogEntry: POST /api/user/movies or /api/user/tv-shows (add, change status, rate or
 * edit a review: one current entry per title). The answer replaces the title's entry in
 * the cached list at once; everything a diary change touches is then refreshed.
 */
export function useLogEntry() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, payload }: LogEntryInput) => apiRequest<WatchEntry>('POST', entriesPath[kind], payload),
    onSuccess: (entry, { kind }) => {
      client.setQueryData<WatchEntry[]>(diaryKeys.entries(kind), (list) =>
        list ? [entry, ...list.filter((e) => e.id !== entry.id)] : list,
      )
      void invalidateAfterDiaryChange(client)
    },
  })
}

/** What useRemoveEntry removes: a title, by kind and public id. */
export interface RemoveEntryInput {
  kind: CatalogKind
  id: number
}

/**
 * useRemoveEntry: DELETE /api/user/movies/{id} or /api/user/tv-shows/{id}. The title leaves
 * the cached lists at once (optimistic); a failure puts them back.
 */
export function useRemoveEntry() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, id }: RemoveEntryInput) => apiRequest<null>('DELETE', `${entriesPath[kind]}/${id}`),
    onMutate: async ({ kind, id }) => {
      const key = diaryKeys.entries(kind)
      await client.cancelQueries({ queryKey: key })
      const snapshot = client.getQueriesData<WatchEntry[]>({ queryKey: key })
      client.setQueriesData<WatchEntry[]>({ queryKey: key }, (list) =>
        list?.filter((e) => (kind === 'movie' ? e.movieId : e.tvShowId) !== id),
      )
      return { snapshot }
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data)
    },
    onSettled: () => invalidateAfterDiaryChange(client),
  })
}

/** The body of POST /api/tv-shows/{id}/episode-reviews. */
export interface EpisodeReviewInput {
  seasonNumber: number
  episodeNumber: number
  episodeName?: string
  rating: number
  review: string
}

/** useEpisodeReview: POST /api/tv-shows/{id}/episode-reviews for one show. */
export function useEpisodeReview(tvId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: EpisodeReviewInput) => apiRequest<EpisodeReview>('POST', `/api/tv-shows/${tvId}/episode-reviews`, body),
    onSuccess: (review) => {
      client.setQueryData<EpisodeReview[]>(diaryKeys.episodeReviews(tvId, review.seasonNumber), (list) =>
        list ? [review, ...list.filter((r) => r.id !== review.id)] : list,
      )
      void invalidateAfterDiaryChange(client)
    },
  })
}

/** useDeleteEpisodeReview: DELETE /api/episode-reviews/{id} (its author only). Optimistic. */
export function useDeleteEpisodeReview(tvId: number) {
  const client = useQueryClient()
  const key = diaryKeys.episodeReviews(tvId)
  return useMutation({
    mutationFn: (review: Pick<EpisodeReview, 'id' | 'seasonNumber'>) => apiRequest<null>('DELETE', `/api/episode-reviews/${review.id}`),
    onMutate: async (review) => {
      await client.cancelQueries({ queryKey: key })
      const snapshot = client.getQueriesData<EpisodeReview[]>({ queryKey: key })
      client.setQueriesData<EpisodeReview[]>({ queryKey: key }, (list) => list?.filter((r) => r.id !== review.id))
      return { snapshot }
    },
    onError: (_error, _review, context) => {
      for (const [k, data] of context?.snapshot ?? []) client.setQueryData(k, data)
    },
    onSettled: () => invalidateAfterDiaryChange(client),
  })
}
