import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'

/** ScrobbleSettings is GET/PATCH /api/user/scrobble: the member's webhook and preferences. */
export interface ScrobbleSettings {
  url: string
  path: string
  enabled: boolean
  postToFeed: boolean
  threshold: number
  nowWatching: boolean
}

/** ScrobblePatch is what PATCH /api/user/scrobble takes: any of the preferences. */
export type ScrobblePatch = Partial<Pick<ScrobbleSettings, 'enabled' | 'postToFeed' | 'threshold' | 'nowWatching'>>

/** scrobbleKeys: the member's settings; a member's 'watching now'; friends watching now. */
export const scrobbleKeys = {
  settings: ['/api/user/scrobble'] as const,
  watching: (userId: string) => ['/api/users', userId, 'watching'] as const,
  friendsWatching: ['/api/user/watching-now'] as const,
}

/** scrobbleSettingsQuery: the member's webhook address and preferences (made on first look). */
export const scrobbleSettingsQuery = () => queryOptions<ScrobbleSettings>({ queryKey: scrobbleKeys.settings })

/** NowWatching is what a member is watching now, from their media server. */
export interface NowWatching {
  kind: 'movie' | 'tv'
  id: number
  title: string
  posterPath: string
  season?: number
  episode?: number
  until: string
}

/** watchingQuery: what a member is watching now (null when nothing), refreshed every minute. */
export const watchingQuery = (userId: string) =>
  queryOptions<{ watching: NowWatching | null }>({
    queryKey: scrobbleKeys.watching(userId),
    refetchInterval: 60_000,
  })

/** useUpdateScrobble: PATCH /api/user/scrobble, optimistic, rolled back on error. */
export function useUpdateScrobble() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (patch: ScrobblePatch) => apiRequest<ScrobbleSettings>('PATCH', '/api/user/scrobble', patch),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: scrobbleKeys.settings })
      const before = client.getQueryData<ScrobbleSettings>(scrobbleKeys.settings)
      if (before) client.setQueryData<ScrobbleSettings>(scrobbleKeys.settings, { ...before, ...patch })
      return { before }
    },
    onError: (_err, _patch, ctx) => {
      if (ctx?.before) client.setQueryData(scrobbleKeys.settings, ctx.before)
    },
    onSuccess: (s) => client.setQueryData(scrobbleKeys.settings, s),
  })
}

/** useRotateScrobble: POST /api/user/scrobble/rotate: a new address; the old one stops at once. */
export function useRotateScrobble() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest<ScrobbleSettings>('POST', '/api/user/scrobble/rotate'),
    onSuccess: (s) => client.setQueryData(scrobbleKeys.settings, s),
  })
}
