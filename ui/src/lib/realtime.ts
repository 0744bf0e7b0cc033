// Realtime (DESIGN: Realtime; README: Realtime). Each signed-in app holds one event stream,
// GET /api/events, with a native EventSource (same origin: the session cookie goes along).
// 'notifications' events keep the bell's list and unread count live, 'feed' events count
// new posts of followed members for the 'N new posts' pill. A dropped stream is reopened
// with a growing, jittered delay; while it is down the bell polls every 30 s instead.
import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { notificationKeys } from '../queries/notifications'
import { mergeNotification, type AppNotification } from './notifications'

export const EVENTS_URL = '/api/events'
export const TOPIC_NOTIFICATIONS = 'notifications'
export const TOPIC_FEED = 'feed'

/** Reconnect delays: 1 s after the first failure, doubling up to 30 s. */
export const RECONNECT_MIN_MS = 1_000
export const RECONNECT_MAX_MS = 30_000

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

/** realtimeState is the current state, for code outside React. */
export const realtimeState = (): RealtimeState => state

/** useRealtimeConnected: whether live updates are flowing (polling stops meanwhile). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(subscribeStore, () => realtimeState().connected, () => false)
}

/** useNewPostCount: how many new posts realtime delivered since the feed was refreshed. */
export function useNewPostCount(): number {
  return useSyncExternalStore(subscribeStore, () => realtimeState().newPostIds.length, () => 0)
}

/** clearNewPosts: the feed is being refreshed; the pill goes away. */
export function clearNewPosts(): void {
  if (state.newPostIds.length) setState({ newPostIds: [] })
}

/** applyNotificationEvent writes a delivered notification into the bell's caches. */
export function applyNotificationEvent(client: QueryClient, event: NotificationEvent): void {
  if (event.action !== 'create' || !event.notification) return
  const notification = event.notification
  client.setQueryData<AppNotification[]>(notificationKeys.list, (list) => (list ? mergeNotification(list, notification) : list))
  if (typeof event.unreadCount === 'number') {
    client.setQueryData(notificationKeys.unreadCount, { count: event.unreadCount })
  } else {
    void client.invalidateQueries({ queryKey: notificationKeys.unreadCount })
  }
  // A list never fetched yet is loaded on its next use.
  if (!client.getQueryData(notificationKeys.list)) void client.invalidateQueries({ queryKey: notificationKeys.list })
}

/** applyFeedEvent counts a new post once. */
export function applyFeedEvent(event: FeedEvent): void {
  const id = event.activity?.id
  if (event.action !== 'create' || !id || state.newPostIds.includes(id)) return
  setState({ newPostIds: [...state.newPostIds, id] })
}

/**
 * reconnectDelay is how long to wait before reopening the stream after `failures` failed
 * attempts in a row: doubling from RECONNECT_MIN_MS up to RECONNECT_MAX_MS, between half
 * and all of it at random so that the apps of a whole community do not all come back in
 * the same instant after a server restart. `random` is in [0, 1).
 */
export function reconnectDelay(failures: number, random: number = Math.random()): number {
  const full = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, failures))
  return Math.round(full * (0.5 + random / 2))
}

/** parseEvent reads an event's JSON data; anything else is ignored. */
function parseEvent<T>(event: MessageEvent<string>): T | null {
  try {
    return JSON.parse(event.data) as T
  } catch {
    return null
  }
}

/** EventStream is the part of EventSource startRealtime uses (tests pass a stand-in). */
export interface EventStream {
  onopen: ((event: Event) => void) | null
  onerror: ((event: Event) => void) | null
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void
  close(): void
}

/**
 * startRealtime opens the signed-in member's event stream and tracks the connection; the
 * returned function closes it. After a reconnect the bell is refreshed, since events may
 * have been missed meanwhile. The browser's own retry is not used: on any error the stream
 * is closed and reopened after reconnectDelay, so a refused stream (signed out, suspended)
 * is retried slowly instead of never.
 */
export function startRealtime(client: QueryClient, open: (url: string) => EventStream = (url) => new EventSource(url)): () => void {
  let stopped = false
  let connectedOnce = false
  let failures = 0
  let source: EventStream | null = null
  let timer: ReturnType<typeof setTimeout> | undefined

  const connect = () => {
    if (stopped) return
    const es = open(EVENTS_URL)
    source = es
    es.onopen = () => {
      if (stopped || source !== es) return
      failures = 0
      setState({ connected: true })
      if (connectedOnce) {
        void client.invalidateQueries({ queryKey: notificationKeys.list })
        void client.invalidateQueries({ queryKey: notificationKeys.unreadCount })
      }
      connectedOnce = true
    }
    es.onerror = () => {
      es.close()
      if (stopped || source !== es) return
      source = null
      setState({ connected: false })
      timer = setTimeout(connect, reconnectDelay(failures++))
    }
    es.addEventListener(TOPIC_NOTIFICATIONS, (event) => {
      const data = parseEvent<NotificationEvent>(event)
      if (data) applyNotificationEvent(client, data)
    })
    es.addEventListener(TOPIC_FEED, (event) => {
      const data = parseEvent<FeedEvent>(event)
      if (data) applyFeedEvent(data)
    })
  }
  connect()

  return () => {
    stopped = true
    clearTimeout(timer)
    source?.close()
    source = null
    setState({ connected: false, newPostIds: [] })
  }
}
