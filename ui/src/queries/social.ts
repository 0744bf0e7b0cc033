import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import { serverMessage } from '../lib/apiErrors'
import type { Profile } from '../lib/diary'
import { toast } from '../lib/toast'
import type { User } from '../lib/users'
import { diaryKeys } from './diary'
import { feedKeys } from './feed'

/** A member you may know, with how many of the people you follow follow them. */
export interface Suggestion extends User {
  mutualCount: number
  /** Set here once you follow them from the list (the server leaves followed members out). */
  isFollowing?: boolean
}

/** A follower, and whether you follow them back. */
export interface Follower extends User {
  isFollowing: boolean
}

/** What follow answers. */
export interface FollowState {
  userId: string
  following: boolean
}

/** SPEC §9: 'People You May Know' shows 3 and is cached 5 minutes; Discover lists up to 20. */
export const SUGGESTED_FRIENDS_STALE_MS = 5 * 60 * 1000
export const SUGGESTED_FRIENDS_SHOWN = 3
export const DISCOVER_LIMIT = 20

/**
 * socialKeys: generic → specific, each the path the default fetcher GETs:
 * ['/api/users/suggestions', { limit: 20 }] → /api/users/suggestions?limit=20.
 */
export const socialKeys = {
  following: ['/api/user/following'] as const,
  followers: ['/api/user/followers'] as const,
  suggestedFriends: ['/api/suggested-friends'] as const,
  suggestions: ['/api/users/suggestions'] as const,
  suggestionsList: (limit = DISCOVER_LIMIT) => [...socialKeys.suggestions, { limit }] as const,
}

/** followingQuery: GET /api/user/following, the members you follow (the Followers tab, the watched-with and recommend pickers). */
export const followingQuery = () => queryOptions<User[]>({ queryKey: socialKeys.following })

/** followersQuery: GET /api/user/followers, each with whether you follow them back. */
export const followersQuery = () => queryOptions<Follower[]>({ queryKey: socialKeys.followers })

/** suggestedFriendsQuery: GET /api/suggested-friends, three members, cached 5 minutes (SPEC §9). */
export const suggestedFriendsQuery = () =>
  queryOptions<Suggestion[]>({
    queryKey: socialKeys.suggestedFriends,
    staleTime: SUGGESTED_FRIENDS_STALE_MS,
  })

/** suggestionsQuery: GET /api/users/suggestions?limit=20, the Discover tab's longer list. */
export const suggestionsQuery = (limit = DISCOVER_LIMIT) =>
  queryOptions<Suggestion[]>({ queryKey: socialKeys.suggestionsList(limit) })

/** What useFollowMember changes: follow (true) or unfollow (false) one member. */
export interface FollowInput {
  userId: string
  follow: boolean
}

/** Marks the member followed (or not) in the cached suggestion and follower lists. */
function markFollowing(client: QueryClient, userId: string, following: boolean) {
  const mark = <T extends { id: string; isFollowing?: boolean }>(list: T[] | undefined) =>
    list?.some((u) => u.id === userId) ? list.map((u) => (u.id === userId ? { ...u, isFollowing: following } : u)) : list
  client.setQueriesData<Suggestion[]>({ queryKey: socialKeys.suggestedFriends }, mark)
  client.setQueriesData<Suggestion[]>({ queryKey: socialKeys.suggestions }, mark)
  client.setQueriesData<Follower[]>({ queryKey: socialKeys.followers }, mark)
  const profileKey = diaryKeys.profile(userId)
  const profile = client.getQueryData<Profile>(profileKey)
  if (profile && profile.isFollowing !== following) {
    client.setQueryData<Profile>(profileKey, {
      ...profile,
      isFollowing: following,
      followerCount: Math.max(0, profile.followerCount + (following ? 1 : -1)),
    })
  }
}

/**
 * useFollowMember: POST /api/follow {userId} or DELETE /api/follow/{userId}. The button
 * turns at once in the suggestion and follower lists; SPEC §8's toasts follow ('Now
 * following user!'; the server's message or 'Failed to follow user'), a failure puts it
 * back. The suggestion lists keep the member (marked followed) until their next visit,
 * so the confirmation does not vanish under the pointer; feed and following refresh now.
 */
export function useFollowMember() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, follow }: FollowInput) =>
      follow
        ? apiRequest<FollowState>('POST', '/api/follow', { userId })
        : apiRequest<null>('DELETE', `/api/follow/${encodeURIComponent(userId)}`),
    onMutate: async ({ userId, follow }) => {
      const filters = [socialKeys.suggestedFriends, socialKeys.suggestions, socialKeys.followers, diaryKeys.profile(userId)]
      await Promise.all(filters.map((queryKey) => client.cancelQueries({ queryKey })))
      const snapshot = filters.flatMap((queryKey) => client.getQueriesData({ queryKey }))
      markFollowing(client, userId, follow)
      return { snapshot }
    },
    onSuccess: (_data, { follow }) => {
      if (follow) toast({ title: 'Success', description: 'Now following user!' })
    },
    onError: (error, { follow }, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data)
      toast({
        title: 'Error',
        description: serverMessage(error, follow ? 'Failed to follow user' : 'Failed to unfollow user'),
        variant: 'destructive',
      })
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: socialKeys.following }),
        client.invalidateQueries({ queryKey: socialKeys.followers }),
        client.invalidateQueries({ queryKey: feedKeys.all }),
        client.invalidateQueries({ queryKey: socialKeys.suggestedFriends, refetchType: 'none' }),
        client.invalidateQueries({ queryKey: socialKeys.suggestions, refetchType: 'none' }),
        client.invalidateQueries({ predicate: (q) => q.queryKey[0] === diaryKeys.users[0] && q.queryKey[2] === 'profile' }),
      ]),
  })
}
