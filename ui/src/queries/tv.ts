import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import {
  advance,
  compareEp,
  type CalendarAnswer,
  type CalendarFeed,
  type Ep,
  type MarkBody,
  type MarkResult,
  type ShowProgress,
  type UpNextItem,
} from '../lib/tv'
import { challengeKeys } from './challenges'
import { invalidateAfterDiaryChange } from './diary'

/**
 * tvKeys: episode tracking's queries, each the path the default fetcher GETs (SPEC §7):
 * ['/api/tv-shows', id, 'progress'] → /api/tv-shows/{id}/progress,
 * ['/api/user/calendar', { days, tz }] → /api/user/calendar?days=30&tz=….
 */
export const tvKeys = {
  progress: (showId: number) => ['/api/tv-shows', showId, 'progress'] as const,
  upNext: ['/api/user/up-next'] as const,
  calendarAll: ['/api/user/calendar'] as const,
  calendar: (days: number, tz: string) => ['/api/user/calendar', { days, tz }] as const,
  feed: ['/api/user/calendar-feed'] as const,
}

/**
 * invalidateTracking marks Up Next and every show's progress stale: a diary change (a show
 * dropped, finished, put back on the watchlist) moves what they show.
 */
export function invalidateTracking(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: tvKeys.upNext }),
    client.invalidateQueries({ predicate: (q) => q.queryKey[0] === '/api/tv-shows' && q.queryKey[2] === 'progress' }),
  ]).then(() => undefined)
}

/** progressQuery: the member's progress on a show, per season and episode. */
export const progressQuery = (showId: number) => queryOptions<ShowProgress>({ queryKey: tvKeys.progress(showId) })

/** upNextQuery: the shows the member is in the middle of, newest activity first. */
export const upNextQuery = () => queryOptions<UpNextItem[]>({ queryKey: tvKeys.upNext })

/** calendarQuery: episodes of the member's shows from a week ago to `days` ahead. */
export const calendarQuery = (days: number, tz: string) => queryOptions<CalendarAnswer>({ queryKey: tvKeys.calendar(days, tz) })

/** calendarFeedQuery: the member's private calendar address, if they made one. */
export const calendarFeedQuery = () => queryOptions<CalendarFeed>({ queryKey: tvKeys.feed })

/** covered lists the episodes a mark covers, as far as the cached progress knows them. */
function covered(body: MarkBody, progress: ShowProgress | undefined): Ep[] {
  if ('upTo' in body) {
    const to = body.upTo
    return (progress?.seasons ?? [])
      .filter((s) => (to.season === 0 ? s.season === 0 : s.season >= 1 && s.season <= to.season))
      .flatMap((s) => s.episodes.map((e) => ({ season: s.season, episode: e.episode })))
      .filter((e) => compareEp(e, to) <= 0)
  }
  if (!('episode' in body)) {
    return (progress?.seasons.find((s) => s.season === body.season)?.episodes ?? []).map((e) => ({ season: body.season, episode: e.episode }))
  }
  return [body]
}

/** markInProgress sets the watched flag of episodes in a cached progress. */
function markInProgress(progress: ShowProgress, eps: Ep[], watched: boolean): ShowProgress {
  const keys = new Set(eps.map((e) => `${e.season}:${e.episode}`))
  const seasons = progress.seasons.map((s) => {
    const episodes = s.episodes.map((e) =>
      keys.has(`${s.season}:${e.episode}`) && e.watched !== watched ? { ...e, watched, plays: watched ? Math.max(1, e.plays) : 0 } : e,
    )
    return { ...s, episodes, watched: episodes.filter((e) => e.watched).length }
  })
  const counted = seasons.filter((s) => s.season >= 1).reduce((n, s) => n + s.watched, 0)
  return { ...progress, seasons, watched: counted }
}

/** The snapshot a mark or unmark restores on failure. */
interface Snapshot {
  progress?: ShowProgress
  upNext?: UpNextItem[]
}

async function takeSnapshot(client: QueryClient, showId: number): Promise<Snapshot> {
  await Promise.all([client.cancelQueries({ queryKey: tvKeys.progress(showId) }), client.cancelQueries({ queryKey: tvKeys.upNext })])
  return { progress: client.getQueryData(tvKeys.progress(showId)), upNext: client.getQueryData(tvKeys.upNext) }
}

function restore(client: QueryClient, showId: number, snapshot: Snapshot | undefined) {
  if (snapshot?.progress) client.setQueryData(tvKeys.progress(showId), snapshot.progress)
  if (snapshot?.upNext) client.setQueryData(tvKeys.upNext, snapshot.upNext)
}

/**
 * afterEpisodes refreshes what episode watches change: the show's progress, Up Next, the
 * calendar's watched marks, and what a diary change touches (feed, stats, the TV list,
 * profiles), challenges and badges.
 */
function afterEpisodes(client: QueryClient, showId: number): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: tvKeys.progress(showId) }),
    client.invalidateQueries({ queryKey: tvKeys.upNext }),
    client.invalidateQueries({ queryKey: tvKeys.calendarAll }),
    client.invalidateQueries({ queryKey: challengeKeys.mine }),
    client.invalidateQueries({ queryKey: challengeKeys.achievements }),
    invalidateAfterDiaryChange(client),
  ]).then(() => undefined)
}

/**
 * useMarkEpisodes: POST /api/tv-shows/{id}/episodes/watched ({season, episode}, {season}
 * or {upTo}). The episodes show as watched at once, and an Up Next card whose episode was
 * marked moves on to the following one (optimistic); a failure puts both back. The answer
 * says whether the show just finished (time to rate it).
 */
export function useMarkEpisodes(showId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: MarkBody) => apiRequest<MarkResult>('POST', `/api/tv-shows/${showId}/episodes/watched`, body),
    onMutate: async (body) => {
      const snapshot = await takeSnapshot(client, showId)
      if (snapshot.progress) {
        client.setQueryData(tvKeys.progress(showId), markInProgress(snapshot.progress, covered(body, snapshot.progress), true))
      }
      if ('episode' in body) {
        client.setQueryData<UpNextItem[]>(tvKeys.upNext, (list) =>
          list?.flatMap((item) => {
            if (item.show.id !== showId || compareEp(item.next, body) !== 0) return [item]
            const next = advance(body, item.seasonCounts)
            return next ? [{ ...item, next, watched: item.watched + 1, lastWatchedAt: new Date().toISOString() }] : []
          }),
        )
      }
      return snapshot
    },
    onError: (_error, _body, snapshot) => restore(client, showId, snapshot),
    onSettled: () => afterEpisodes(client, showId),
  })
}

/**
 * useUnmarkEpisode: DELETE /api/tv-shows/{id}/episodes/watched {season, episode}: its
 * newest watch goes. The episode shows as unwatched at once; a failure puts it back.
 */
export function useUnmarkEpisode(showId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (e: Ep) => apiRequest<MarkResult>('DELETE', `/api/tv-shows/${showId}/episodes/watched`, e),
    onMutate: async (e) => {
      const snapshot = await takeSnapshot(client, showId)
      if (snapshot.progress) client.setQueryData(tvKeys.progress(showId), markInProgress(snapshot.progress, [e], false))
      return snapshot
    },
    onError: (_error, _e, snapshot) => restore(client, showId, snapshot),
    onSettled: () => afterEpisodes(client, showId),
  })
}

/** useRotateCalendarFeed: POST /api/user/calendar-feed: a new address; the old one stops. */
export function useRotateCalendarFeed() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('POST', '/api/user/calendar-feed'),
    onSuccess: (feed) => client.setQueryData(tvKeys.feed, feed),
  })
}

/** useRevokeCalendarFeed: DELETE /api/user/calendar-feed: no address any more. */
export function useRevokeCalendarFeed() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<null>('DELETE', '/api/user/calendar-feed'),
    onSuccess: () => client.setQueryData<CalendarFeed>(tvKeys.feed, { path: null }),
  })
}
