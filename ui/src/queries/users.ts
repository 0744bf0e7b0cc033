import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import type { Profile } from '../lib/diary'
import { diaryKeys } from './diary'
import { feedKeys } from './feed'
import { socialKeys } from './social'

/** What follow and unfollow answer. */
export interface FollowState {
  userId: string
  following: boolean
}

/**
 * useFollowUser: POST /api/follow {userId} (follow) or DELETE /api/follow/{userId}
 * (unfollow). The member's profile shows the change at once (button and follower count);
 * a failure puts it back, and the lists that depend on who you follow are refreshed.
 */
export function useFollowUser() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: string; follow: boolean }) =>
      follow
        ? apiRequest<FollowState>('POST', '/api/follow', { userId })
        : apiRequest<null>('DELETE', `/api/follow/${encodeURIComponent(userId)}`),
    onMutate: async ({ userId, follow }) => {
      const key = diaryKeys.profile(userId)
      await client.cancelQueries({ queryKey: key })
      const previous = client.getQueryData<Profile>(key)
      if (previous && previous.isFollowing !== follow) {
        client.setQueryData<Profile>(key, {
          ...previous,
          isFollowing: follow,
          followerCount: Math.max(0, previous.followerCount + (follow ? 1 : -1)),
        })
      }
      return { previous }
    },
    onError: (_error, { userId }, context) => {
      if (context?.previous) client.setQueryData(diaryKeys.profile(userId), context.previous)
    },
    onSettled: () =>
      Promise.all([
        // Theirs (follower count) and yours (following count): every cached profile.
        client.invalidateQueries({ predicate: (q) => q.queryKey[0] === diaryKeys.users[0] && q.queryKey[2] === 'profile' }),
        client.invalidateQueries({ queryKey: socialKeys.following }),
        client.invalidateQueries({ queryKey: feedKeys.all }),
      ]),
  })
}
