import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import { serverMessage } from '../lib/apiErrors'
import type { ReportEntity } from '../lib/moderation'
import { toast } from '../lib/toast'
import type { User } from '../lib/users'
import { diaryKeys } from './diary'
import { feedKeys } from './feed'
import { notificationKeys } from './notifications'
import { socialKeys } from './social'

/** moderationKeys: the members you blocked (GET /api/user/blocks, the default fetcher's path). */
export const moderationKeys = {
  blocks: ['/api/user/blocks'] as const,
}

/** blocksQuery: the members you blocked, newest first (Blocked Members lists them). */
export const blocksQuery = () => queryOptions<User[]>({ queryKey: moderationKeys.blocks })

/** What a report sends (POST /api/reports). */
export interface ReportInput {
  entityType: ReportEntity
  entityId: string
  reason: string
}

/** What the server answers about a report. */
export interface Report {
  id: string
  entityType: ReportEntity
  entityId: string
  status: 'open' | 'resolved'
}

/**
 * useReport: POST /api/reports. The dialog shows a field error itself; success says the
 * moderators will look. Reporting the same thing twice answers the open report again.
 */
export function useReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => apiRequest<Report>('POST', '/api/reports', input),
    onSuccess: () => toast({ title: 'Report sent', description: 'Thank you. A moderator will take a look.' }),
  })
}

/** What useBlockMember changes: block (true) or unblock (false) one member. */
export interface BlockInput {
  userId: string
  block: boolean
  name: string
}

/**
 * useBlockMember: POST or DELETE /api/users/{id}/block. Blocking ends the follows both
 * ways and hides each member's posts from the other, so the feed, threads, notifications,
 * profiles and friend lists are all read again.
 */
export function useBlockMember() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, block }: BlockInput) =>
      apiRequest<{ userId: string; blocked: boolean }>(block ? 'POST' : 'DELETE', `/api/users/${encodeURIComponent(userId)}/block`),
    onMutate: async ({ userId, block }) => {
      if (block) return { previous: undefined }
      await client.cancelQueries({ queryKey: moderationKeys.blocks })
      const previous = client.getQueryData<User[]>(moderationKeys.blocks)
      client.setQueryData<User[]>(moderationKeys.blocks, (list) => list?.filter((u) => u.id !== userId))
      return { previous }
    },
    onSuccess: (_data, { block, name }) =>
      toast({
        title: block ? 'Member blocked' : 'Member unblocked',
        description: block ? `You won't see ${name} and they won't see you.` : `${name} can find you again.`,
      }),
    onError: (error, { block }, context) => {
      if (context?.previous) client.setQueryData(moderationKeys.blocks, context.previous)
      toast({
        title: 'Error',
        description: serverMessage(error, block ? 'Failed to block this member' : 'Failed to unblock this member'),
        variant: 'destructive',
      })
    },
    onSettled: () =>
      Promise.all(
        [
          moderationKeys.blocks,
          feedKeys.all,
          feedKeys.activities, // posts and their comment threads
          notificationKeys.list,
          socialKeys.following,
          socialKeys.followers,
          socialKeys.suggestedFriends,
          socialKeys.suggestions,
          diaryKeys.users,
        ].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  })
}
