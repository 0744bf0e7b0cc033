import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { apiRequest, keyToUrl } from '../lib/api'
import { serverMessage } from '../lib/apiErrors'
import type { CatalogKind } from '../lib/catalog'
import { collabRatingBody, COLLABORATION_NOTIFICATION_TYPES } from '../lib/collab'
import type { Activity, ActivityUser } from '../lib/feed'
import type { AppNotification } from '../lib/notifications'
import { toast } from '../lib/toast'
import { catalogKeys } from './catalog'
import { invalidateAfterDiaryChange } from './diary'
import { feedKeys, patchCachedActivity } from './feed'
import { notificationKeys } from './notifications'

/**
 * collabKeys: generic → specific, each key the path the default fetcher GETs (SPEC §7):
 * a title's friend ratings, and the recommendations you received.
 */
export const collabKeys = {
  friendRatings: (kind: CatalogKind, id: number) => [...catalogKeys.title(kind, id), 'friend-ratings'] as const,
  recommendations: ['/api/recommendations'] as const,
}

/** A followed member's rating of a title (hidden collaboration ratings excluded). */
export interface FriendRating {
  user: ActivityUser
  rating: number
  review?: string | null
  watchedAt?: string | null
}

/** friendRatingsQuery: GET /api/movies|tv-shows/{id}/friend-ratings, only when watchedWith is non-empty (SPEC §7). */
export const friendRatingsQuery = (kind: CatalogKind, id: number, watchedWithCount: number) =>
  queryOptions<FriendRating[]>({ queryKey: collabKeys.friendRatings(kind, id), enabled: watchedWithCount > 0 && id > 0 })

/** A received recommendation (GET /api/recommendations). */
export interface Recommendation {
  id: string
  from: ActivityUser
  message?: string | null
  kind: CatalogKind
  title: { id: number; title?: string | null; name?: string | null; posterPath?: string | null; year?: string | number | null; overview?: string | null; genres?: unknown }
  createdAt: string
}

/** recommendationsQuery: the recommendations friends sent you, newest first. */
export const recommendationsQuery = () => queryOptions<Recommendation[]>({ queryKey: collabKeys.recommendations })

/** After a collaboration changes: the post everywhere (single posts too), and what a diary change refreshes. */
function afterCollabChange(client: QueryClient, activity: Activity | null | undefined) {
  if (activity?.id) patchCachedActivity(client, activity.id, (a) => ({ ...a, ...activity }))
  void client.invalidateQueries({ queryKey: feedKeys.activities })
  void invalidateAfterDiaryChange(client)
}

/** Marks read the unread collaboration notifications about one title (SPEC §4). */
async function markCollabNotificationsRead(client: QueryClient, kind: CatalogKind, titleId: number) {
  const entityType = kind === 'movie' ? 'movie' : 'tv_show'
  const list = client.getQueryData<AppNotification[]>(notificationKeys.list) ?? []
  const unread = list.filter((n) => !n.isRead && COLLABORATION_NOTIFICATION_TYPES.has(n.type) && n.entityType === entityType && n.entityId === String(titleId))
  await Promise.allSettled(unread.map((n) => apiRequest('PATCH', `/api/notifications/${encodeURIComponent(n.id)}/read`)))
}

/** What a collaborator sends: the title, their rating and review; edit when they already rated. */
export interface CollabRatingInput {
  kind: CatalogKind
  titleId: number
  rating: number
  review: string
  edit?: boolean
}

/**
 * useCollabRating: an invited friend adds their rating (POST /api/user-movies or
 * /api/tv-shows {tmdbId, status 'watched', rating, review?}), or a participant edits their
 * own (PATCH /api/movies|tv-shows/{id}). The answer replaces the post everywhere; the
 * collaboration's notification is marked read. Toasts are SPEC §8's.
 */
export function useCollabRating() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, titleId, rating, review, edit }: CollabRatingInput) => {
      const body = collabRatingBody(rating, review)
      if (edit) return apiRequest<Activity>('PATCH', keyToUrl(catalogKeys.title(kind, titleId)), body)
      const url = kind === 'movie' ? '/api/user-movies' : '/api/tv-shows'
      return apiRequest<Activity>('POST', url, { tmdbId: titleId, ...body })
    },
    onSuccess: async (activity, { kind, titleId }) => {
      toast({ title: 'Rating Added!', description: 'Your rating has been added to the collaboration.' })
      await markCollabNotificationsRead(client, kind, titleId)
      afterCollabChange(client, activity)
    },
    onError: (error, { edit }) => {
      const description = edit ? serverMessage(error, 'Failed to add rating') : 'Failed to submit your rating. Please try again.'
      toast({ title: 'Error', description, variant: 'destructive' })
    },
  })
}

/** useDeclineCollaboration: POST /api/collaborations/{activityId}/decline (an invited friend). */
export function useDeclineCollaboration() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (activityId: string) => apiRequest<Activity>('POST', `/api/collaborations/${encodeURIComponent(activityId)}/decline`),
    onSuccess: (activity) => {
      toast({ title: 'Declined', description: 'You will not be asked to rate this one.' })
      afterCollabChange(client, activity)
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'Failed to decline'), variant: 'destructive' }),
  })
}

/** What POST /api/recommendations sends. */
export interface RecommendInput {
  kind: CatalogKind
  titleId: number
  userIds: string[]
  message?: string
}

/** useRecommend: POST /api/recommendations {movieId | tvShowId, userIds, message?} → {sent}. */
export function useRecommend() {
  return useMutation({
    mutationFn: ({ kind, titleId, userIds, message }: RecommendInput) => {
      const note = message?.trim()
      return apiRequest<{ sent: number }>('POST', '/api/recommendations', {
        ...(kind === 'movie' ? { movieId: titleId } : { tvShowId: titleId }),
        userIds,
        ...(note ? { message: note } : {}),
      })
    },
    onSuccess: (_res, { userIds }) =>
      toast({ title: 'Recommendation Sent', description: `Sent to ${userIds.length} ${userIds.length === 1 ? 'friend' : 'friends'}.` }),
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'Failed to send recommendation'), variant: 'destructive' }),
  })
}

/** useDismissRecommendation: DELETE /api/recommendations/{id}; it leaves the list at once. */
export function useDismissRecommendation() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>('DELETE', `/api/recommendations/${encodeURIComponent(id)}`),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: collabKeys.recommendations })
      const previous = client.getQueryData<Recommendation[]>(collabKeys.recommendations)
      client.setQueryData<Recommendation[]>(collabKeys.recommendations, (list) => list?.filter((r) => r.id !== id))
      return { previous }
    },
    onError: (error, _id, context) => {
      if (context?.previous) client.setQueryData(collabKeys.recommendations, context.previous)
      toast({ title: 'Error', description: serverMessage(error, 'Failed to dismiss recommendation'), variant: 'destructive' })
    },
    onSettled: () => client.invalidateQueries({ queryKey: collabKeys.recommendations }),
  })
}
