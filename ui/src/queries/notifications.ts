import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import { markRead, type AppNotification } from '../lib/notifications'

/** notificationKeys: the list and the unread count (SPEC §7 paths, fetched by the default fetcher). */
export const notificationKeys = {
  list: ['/api/notifications'] as const,
  unreadCount: ['/api/notifications/unread-count'] as const,
  settings: ['/api/user/notification-settings'] as const,
}

export interface UnreadCount {
  count: number
}

export interface NotificationSettings {
  newPosts: boolean
  /** A friend reviewed an episode the member watched. */
  episodeReviews?: boolean
}

/**
 * notificationsQuery: the newest notifications. Realtime keeps it current; while realtime
 * is down it is polled every 30 s (pollMs), and never on an interval otherwise.
 */
export const notificationsQuery = (pollMs: number | false = false) =>
  queryOptions<AppNotification[]>({ queryKey: notificationKeys.list, refetchInterval: pollMs, staleTime: 30_000 })

/** unreadCountQuery: the badge's count, polled only while realtime is down. */
export const unreadCountQuery = (pollMs: number | false = false) =>
  queryOptions<UnreadCount>({ queryKey: notificationKeys.unreadCount, refetchInterval: pollMs, staleTime: 30_000 })

/** notificationSettingsQuery: whether new posts of followed members notify. */
export const notificationSettingsQuery = () => queryOptions<NotificationSettings>({ queryKey: notificationKeys.settings })

function useReadMutation(mutationFn: (id?: string) => Promise<unknown>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn,
    onMutate: async (id?: string) => {
      await Promise.all([
        client.cancelQueries({ queryKey: notificationKeys.list }),
        client.cancelQueries({ queryKey: notificationKeys.unreadCount }),
      ])
      const list = client.getQueryData<AppNotification[]>(notificationKeys.list)
      const count = client.getQueryData<UnreadCount>(notificationKeys.unreadCount)
      const wasUnread = id === undefined ? (count?.count ?? 0) : list?.some((n) => n.id === id && !n.isRead) ? 1 : 0
      client.setQueryData<AppNotification[]>(notificationKeys.list, (l) => markRead(l, id))
      client.setQueryData<UnreadCount>(notificationKeys.unreadCount, (c) => (c ? { count: Math.max(0, c.count - wasUnread) } : c))
      return { list, count }
    },
    onError: (_error, _id, context) => {
      if (context?.list) client.setQueryData(notificationKeys.list, context.list)
      if (context?.count) client.setQueryData(notificationKeys.unreadCount, context.count)
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
  })
}

/** useMarkNotificationRead: PATCH /api/notifications/{id}/read, optimistic. */
export function useMarkNotificationRead() {
  return useReadMutation((id) => apiRequest('PATCH', `/api/notifications/${id}/read`))
}

/** useMarkAllNotificationsRead: PATCH /api/notifications/mark-all-read, optimistic. */
export function useMarkAllNotificationsRead() {
  return useReadMutation(() => apiRequest('PATCH', '/api/notifications/mark-all-read'))
}

/** useNotificationSettings: PATCH /api/user/notification-settings. */
export function useUpdateNotificationSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (settings: Partial<NotificationSettings>) => apiRequest<NotificationSettings>('PATCH', '/api/user/notification-settings', settings),
    onSuccess: (settings) => {
      if (settings) client.setQueryData(notificationKeys.settings, settings)
    },
  })
}
