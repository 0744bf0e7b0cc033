import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiRequest, pageQueryFn } from '../lib/api'
import type { CatalogKind } from '../lib/catalog'
import { nextDiaryPage, type DiaryItem, type EpisodeReview, type Profile, type Stats, type WatchEntry } from '../lib/diary'
import { retryQueryUnless } from '../lib/queryClient'
import type { EntryPayload, WatchStatus } from '../lib/rating'
import { catalogKeys } from './catalog'
import { feedKeys } from './feed'
import { notificationKeys } from './notifications'
import { invalidateTracking } from './tv'

const entriesPath: Record<CatalogKind, string> = { movie: '/api/user/movies', tv: '/api/user/tv-shows' }

/**
 * diaryKeys: generic → specific, each key being the path the default fetcher GETs
 * (SPEC §7; an object part is the query string):
 * ['/api/user/movies', { status: 'watched' }] → /api/user/movies?status=watched,
 * ['/api/users', id, 'diary'] → /api/users/{id}/diary (the page goes in the query string).
 * A member's profile and diary sit under ['/api/users', id] (the feed's member posts and
 * the challenges' badges do too, from these keys); a show's episode reviews sit under the
 * show (catalogKeys.tvShow), so refreshing the show refreshes them too.
 */
export const diaryKeys = {
  entries: (kind: CatalogKind) => [entriesPath[kind]] as const,
  entriesByStatus: (kind: CatalogKind, status?: WatchStatus) =>
    status ? ([entriesPath[kind], { status }] as const) : diaryKeys.entries(kind),
  stats: ['/api/user/stats'] as const,
  users: ['/api/users'] as const,
  member: (userId: string) => [...diaryKeys.users, userId] as const,
  profile: (userId: string) => [...diaryKeys.member(userId), 'profile'] as const,
  diary: (userId: string) => [...diaryKeys.member(userId), 'diary'] as const,
  allEpisodeReviews: (tvId: number) => [...catalogKeys.tvShow(tvId), 'episode-reviews'] as const,
  episodeReviews: (tvId: number, season?: number) =>
    season == null ? diaryKeys.allEpisodeReviews(tvId) : ([...diaryKeys.allEpisodeReviews(tvId), { season }] as const),
}

/** entriesQuery: GET /api/user/movies or /api/user/tv-shows, optionally one status. */
export const entriesQuery = (kind: CatalogKind, status?: WatchStatus) =>
  queryOptions<WatchEntry[]>({ queryKey: diaryKeys.entriesByStatus(kind, status) })

/** statsQuery: GET /api/user/stats, the home page's 'Your Stats This Month'. */
export const statsQuery = () => queryOptions<Stats>({ queryKey: diaryKeys.stats })

/** profileQuery: GET /api/users/{id}/profile ('me' allowed). A missing member is final. */
export const profileQuery = (userId: string) =>
  queryOptions<Profile>({
    queryKey: diaryKeys.profile(userId),
    retry: retryQueryUnless(400, 404),
  })

/** diaryInfiniteQuery: GET /api/users/{id}/diary?page=N, 50 watches a page, newest first. */
export const diaryInfiniteQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: diaryKeys.diary(userId),
    queryFn: pageQueryFn<DiaryItem[]>(),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => nextDiaryPage(lastPage, pages),
  })

/** episodeReviewsQuery: GET /api/tv-shows/{id}/episode-reviews?season=N, newest first. */
export const episodeReviewsQuery = (tvId: number, season: number) =>
  queryOptions<EpisodeReview[]>({ queryKey: diaryKeys.episodeReviews(tvId, season) })

/** isTitleKey: a key under one title (catalogKeys.movie or tvShow) whose third part is leaf. */
function isTitleKey(key: readonly unknown[], leaf: string): boolean {
  return (key[0] === catalogKeys.movies[0] || key[0] === catalogKeys.tvShows[0]) && key[2] === leaf
}

/**
 * invalidateAfterDiaryChange marks stale what an add, an edit or a removal in the diary
 * changes (SPEC §7), and only that: the feed (the post), the month's stats, notifications
 * and the unread count, the movie and TV lists, every member's profile, diary, posts and
 * badges (all under /api/users), the shows' episode reviews and the titles' community
 * ratings. Every diary write calls it, and so do the post edits and collaborations that
 * change a watch.
 */
export function invalidateAfterDiaryChange(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: feedKeys.all }),
    client.invalidateQueries({ queryKey: diaryKeys.stats }),
    client.invalidateQueries({ queryKey: notificationKeys.list }),
    client.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
    client.invalidateQueries({ queryKey: diaryKeys.entries('movie') }),
    client.invalidateQueries({ queryKey: diaryKeys.entries('tv') }),
    client.invalidateQueries({ queryKey: diaryKeys.users }),
    client.invalidateQueries({ predicate: (q) => isTitleKey(q.queryKey, 'episode-reviews') }),
    client.invalidateQueries({ predicate: (q) => isTitleKey(q.queryKey, 'ratings') }),
    invalidateTracking(client),
  ]).then(() => undefined)
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
