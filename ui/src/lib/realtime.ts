// Realtime (DESIGN: Realtime). Each signed-in client subscribes to its own topics through
// the PocketBase SDK (the session cookie authenticates it): 'notifications' keeps the
// bell's list and unread count live, 'feed' counts new posts of followed members for the
// 'N new posts' pill. While the connection is down the bell polls every 30 s instead.
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { mergeNotification, type AppNotification } from './notifications'
import { pb } from './pb'

export const TOPIC_NOTIFICATIONS = 'notifications'
export const TOPIC_FEED = 'feed'

const NOTIFICATIONS_KEY = ['/api/notifications'] as const
const UNREAD_COUNT_KEY = ['/api/notifications/unread-count'] as const

interface NotificationEvent {
  action: string
  notification?: AppNotification
  unreadCount?: number
}

interface FeedEvent {
  action: string
  activity?: { id?: string }
}

export interface RealtimeState {
  connected: boolean
  /** Ids of activities delivered since the feed was last refreshed, newest last. */
  newPostIds: readonly string[]
}

let state: RealtimeState = { connected: false, newPostIds: [] }
const listeners = new Set<() => void>()

function setState(next: Partial<RealtimeState>) {
  state = { ...state, ...next }
  listeners.forEach((l) => l())
}

function subscribeStore(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

const getState = () => state

/** useRealtimeConnected: whether live updates are flowing (polling stops meanwhile). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(subscribeStore, () => getState().connected, () => false)
}

/** useNewPostCount: how many new posts realtime delivered since the feed was refreshed. */
export function useNewPostCount(): number {
  return useSyncExternalStore(subscribeStore, () => getState().newPostIds.length, () => 0)
}

/** clearNewPosts: the feed is being refreshed; the pill goes away. */
export function clearNewPosts(): void {
  if (state.newPostIds.length) setState({ newPostIds: [] })
}

/** applyNotificationEvent writes a delivered notification into the bell's caches. */
export function applyNotificationEvent(client: QueryClient, event: NotificationEvent): void {
  if (event.action !== 'create' || !event.notification) return
  const notification = event.notification
  client.setQueryData<AppNotification[]>(NOTIFICATIONS_KEY, (list) => (list ? mergeNotification(list, notification) : list))
  if (typeof event.unreadCount === 'number') {
    client.setQueryData(UNREAD_COUNT_KEY, { count: event.unreadCount })
  } else {
    void client.invalidateQueries({ queryKey: UNREAD_COUNT_KEY })
  }
  // A list never fetched yet is loaded on its next use.
  if (!client.getQueryData(NOTIFICATIONS_KEY)) void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
}

/** applyFeedEvent counts a new post once. */
export function applyFeedEvent(event: FeedEvent): void {
  const id = event.activity?.id
  if (event.action !== 'create' || !id || state.newPostIds.includes(id)) return
  setState({ newPostIds: [...state.newPostIds, id] })
}

/**
 * startRealtime subscribes the signed-in member to their topics and tracks the connection;
 * the returned function unsubscribes. After a reconnect the bell is refreshed, since
 * events may have been missed while disconnected.
 */
export function startRealtime(client: QueryClient): () => void {
  let stopped = false
  let connectedOnce = false
  const unsubscribers: (() => Promise<void>)[] = []

  pb.realtime.onDisconnect = () => {
    if (!stopped) setState({ connected: false })
  }

  const keep = (p: Promise<() => Promise<void>>) =>
    p
      .then((unsub) => {
        if (stopped) void unsub().catch(() => {})
        else unsubscribers.push(unsub)
      })
      .catch((error: unknown) => {
        console.warn('Realtime: subscription failed; polling instead', error)
        if (!stopped) setState({ connected: false })
      })

  void keep(
    pb.realtime.subscribe('PB_CONNECT', () => {
      if (stopped) return
      setState({ connected: true })
      if (connectedOnce) {
        void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })
        void client.invalidateQueries({ queryKey: UNREAD_COUNT_KEY })
      }
      connectedOnce = true
    }),
  )
  void keep(pb.realtime.subscribe(TOPIC_NOTIFICATIONS, (data: NotificationEvent) => applyNotificationEvent(client, data)))
  void keep(pb.realtime.subscribe(TOPIC_FEED, (data: FeedEvent) => applyFeedEvent(data)))

  return () => {
    stopped = true
    pb.realtime.onDisconnect = undefined
    for (const unsub of unsubscribers.splice(0)) void unsub().catch(() => {})
    setState({ connected: false, newPostIds: [] })
  }
}
