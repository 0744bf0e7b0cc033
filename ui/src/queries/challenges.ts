import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { apiRequest } from '../lib/api'
import { serverMessage } from '../lib/apiErrors'
import type { Achievement, AvailableChallenge, Rankings, UserChallenge } from '../lib/challenges'
import { toast } from '../lib/toast'
import { diaryKeys, statsQuery } from './diary'
import { feedKeys } from './feed'

/**
 * challengeKeys: generic → specific, each the path the default fetcher GETs (SPEC §7):
 * ['/api/user/challenges'] the member's challenges, ['/api/challenges/available'] the
 * running ones not joined, ['/api/user/achievements'] or ['/api/users', id, 'achievements']
 * badges (a member's sit under the member, so a diary change refreshes them), and
 * ['/api/user/rankings'] the leaderboards.
 */
export const challengeKeys = {
  mine: ['/api/user/challenges'] as const,
  available: ['/api/challenges/available'] as const,
  achievements: ['/api/user/achievements'] as const,
  memberAchievements: (userId: string) => [...diaryKeys.member(userId), 'achievements'] as const,
  rankings: ['/api/user/rankings'] as const,
}

/** userChallengesQuery: GET /api/user/challenges, running ones first. */
export const userChallengesQuery = () => queryOptions<UserChallenge[]>({ queryKey: challengeKeys.mine })

/** availableChallengesQuery: GET /api/challenges/available, running and not joined. */
export const availableChallengesQuery = () => queryOptions<AvailableChallenge[]>({ queryKey: challengeKeys.available })

/** achievementsQuery: GET /api/user/achievements, or /api/users/{id}/achievements for another member. */
export const achievementsQuery = (userId?: string) =>
  queryOptions<Achievement[]>({ queryKey: userId ? challengeKeys.memberAchievements(userId) : challengeKeys.achievements })

/** rankingsQuery: GET /api/user/rankings, this month's and all-time boards with your rank. */
export const rankingsQuery = () => queryOptions<Rankings>({ queryKey: challengeKeys.rankings })

/**
 * useChallengesFollowDiary refreshes challenge progress, badges and boards after a diary
 * change. Logging a title moves them on the server; every diary change refreshes the
 * month's stats (SPEC §7), so a new stats answer after the first is the signal.
 */
export function useChallengesFollowDiary() {
  const client = useQueryClient()
  const { dataUpdatedAt } = useQuery(statsQuery())
  const seen = useRef(0)
  useEffect(() => {
    if (seen.current && dataUpdatedAt !== seen.current) {
      void client.invalidateQueries({ queryKey: challengeKeys.mine })
      void client.invalidateQueries({ queryKey: challengeKeys.achievements })
      void client.invalidateQueries({ queryKey: challengeKeys.rankings })
    }
    seen.current = dataUpdatedAt
  }, [client, dataUpdatedAt])
}

/** What joining or leaving touches: both challenge lists, badges, boards, the feed and stats. */
function invalidateAfterChallengeChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: challengeKeys.mine }),
    client.invalidateQueries({ queryKey: challengeKeys.available }),
    client.invalidateQueries({ queryKey: challengeKeys.achievements }),
    client.invalidateQueries({ queryKey: challengeKeys.rankings }),
    client.invalidateQueries({ queryKey: feedKeys.all }),
    client.invalidateQueries({ queryKey: diaryKeys.stats }),
  ])
}

/**
 * useJoinChallenge: POST /api/challenges/{id}/join (idempotent). The challenge leaves the
 * available list at once; a failure puts it back and toasts the server's message
 * ('That challenge has ended.').
 */
export function useJoinChallenge() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (challengeId: string) => apiRequest<UserChallenge>('POST', `/api/challenges/${encodeURIComponent(challengeId)}/join`),
    onMutate: async (challengeId) => {
      await client.cancelQueries({ queryKey: challengeKeys.available })
      const snapshot = client.getQueryData<AvailableChallenge[]>(challengeKeys.available)
      client.setQueryData<AvailableChallenge[]>(challengeKeys.available, (list) => list?.filter((c) => c.id !== challengeId))
      return { snapshot }
    },
    onSuccess: (joined) => {
      client.setQueryData<UserChallenge[]>(challengeKeys.mine, (list) =>
        list ? [joined, ...list.filter((uc) => uc.id !== joined.id)] : list,
      )
      toast({ title: 'Challenge joined', description: joined.challenge.name })
    },
    onError: (error, _id, context) => {
      if (context?.snapshot) client.setQueryData(challengeKeys.available, context.snapshot)
      toast({ title: 'Error', description: serverMessage(error, 'Failed to join challenge'), variant: 'destructive' })
    },
    onSettled: () => invalidateAfterChallengeChange(client),
  })
}

/**
 * useLeaveChallenge: DELETE /api/challenges/{id}/join. The challenge leaves the member's
 * list at once; a failure puts it back and toasts the server's message.
 */
export function useLeaveChallenge() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (challengeId: string) => apiRequest<null>('DELETE', `/api/challenges/${encodeURIComponent(challengeId)}/join`),
    onMutate: async (challengeId) => {
      await client.cancelQueries({ queryKey: challengeKeys.mine })
      const snapshot = client.getQueryData<UserChallenge[]>(challengeKeys.mine)
      client.setQueryData<UserChallenge[]>(challengeKeys.mine, (list) => list?.filter((uc) => uc.challenge.id !== challengeId))
      return { snapshot }
    },
    onError: (error, _id, context) => {
      if (context?.snapshot) client.setQueryData(challengeKeys.mine, context.snapshot)
      toast({ title: 'Error', description: serverMessage(error, 'Failed to leave challenge'), variant: 'destructive' })
    },
    onSettled: () => invalidateAfterChallengeChange(client),
  })
}
