import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppNotification } from './notifications'
import { clearNewPosts, EVENTS_URL, realtimeState, reconnectDelay, startRealtime, type EventStream } from './realtime'

describe('reconnectDelay', () => {
  it.each<[number, number, number]>([
    [0, 0, 500],
    [0, 0.5, 750],
    [1, 0, 1_000],
    [2, 0.999999, 4_000],
    [4, 0, 8_000],
    [4, 0.5, 12_000],
    [5, 0.5, 22_500], // 32 s, capped at 30 s
    [6, 0, 15_000],
    [40, 0.999999, 30_000],
  ])('after %i failures with random %f: %i ms', (failures, random, ms) => {
    expect(reconnectDelay(failures, random)).toBe(ms)
  })
})

/** FakeStream stands in for the browser's EventSource: the test plays the server. */
class FakeStream implements EventStream {
  onopen: ((event: Event) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  closed = false
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>()
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
  }
  opened() {
    this.onopen?.(new Event('open'))
  }
  failed() {
    this.onerror?.(new Event('error'))
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent<string>(type, { data: typeof data === 'string' ? data : JSON.stringify(data) })
    this.listeners.get(type)?.forEach((l) => l(event))
  }
}

const NOTIFICATIONS_KEY = ['/api/notifications']
const UNREAD_KEY = ['/api/notifications/unread-count']

const notification = (id: string): AppNotification => ({
  id,
  type: 'follow',
  message: 'Ana started following you',
  isRead: false,
  createdAt: '2026-01-01T00:00:00Z',
  entityId: 'u1',
  entityType: 'user',
  actor: null,
  count: 1,
})

describe('startRealtime', () => {
  let client: QueryClient
  let streams: FakeStream[]
  let stop: () => void
  const latest = (): FakeStream => {
    const s = streams.at(-1)
    if (!s) throw new Error('no stream opened')
    return s
  }

  beforeEach(() => {
    vi.useFakeTimers()
    vi.spyOn(Math, 'random').mockReturnValue(0.999999) // the full delay
    client = new QueryClient()
    streams = []
    stop = startRealtime(client, (url) => {
      const s = new FakeStream(url)
      streams.push(s)
      return s
    })
  })

  afterEach(() => {
    stop()
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('opens the member event stream and is connected once it opens', () => {
    expect(streams.map((s) => s.url)).toEqual([EVENTS_URL])
    expect(realtimeState().connected).toBe(false)
    latest().opened()
    expect(realtimeState().connected).toBe(true)
  })

  it('writes a notification event into the bell list and the unread count', () => {
    client.setQueryData(NOTIFICATIONS_KEY, [notification('n1')])
    client.setQueryData(UNREAD_KEY, { count: 1 })
    latest().opened()
    latest().emit('notifications', { action: 'create', notification: notification('n2'), unreadCount: 2 })
    expect(client.getQueryData<AppNotification[]>(NOTIFICATIONS_KEY)?.map((n) => n.id)).toEqual(['n2', 'n1'])
    expect(client.getQueryData(UNREAD_KEY)).toEqual({ count: 2 })
    latest().emit('notifications', 'not json')
    expect(client.getQueryData(UNREAD_KEY)).toEqual({ count: 2 })
  })

  it('counts each new post once for the pill until the feed is refreshed', () => {
    latest().opened()
    for (const id of ['a1', 'a2', 'a1']) latest().emit('feed', { action: 'create', activity: { id } })
    expect(realtimeState().newPostIds).toEqual(['a1', 'a2'])
    clearNewPosts()
    expect(realtimeState().newPostIds).toEqual([])
  })

  it('falls back to polling when the stream drops and reopens it with a growing delay', () => {
    latest().opened()
    latest().failed()
    expect(realtimeState().connected).toBe(false)
    expect(streams[0]?.closed).toBe(true)
    vi.advanceTimersByTime(999)
    expect(streams).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(streams).toHaveLength(2)
    latest().failed() // refused again: wait twice as long
    vi.advanceTimersByTime(1_999)
    expect(streams).toHaveLength(2)
    vi.advanceTimersByTime(1)
    expect(streams).toHaveLength(3)

    client.setQueryData(NOTIFICATIONS_KEY, [notification('n1')])
    client.setQueryData(UNREAD_KEY, { count: 1 })
    latest().opened() // back: events may have been missed, so the bell refetches
    expect(realtimeState().connected).toBe(true)
    expect(client.getQueryState(NOTIFICATIONS_KEY)?.isInvalidated).toBe(true)
    expect(client.getQueryState(UNREAD_KEY)?.isInvalidated).toBe(true)
    latest().failed() // a success resets the delay
    vi.advanceTimersByTime(1_000)
    expect(streams).toHaveLength(4)
  })

  it('closes the stream when stopped and never reopens it', () => {
    latest().opened()
    latest().emit('feed', { action: 'create', activity: { id: 'a1' } })
    stop()
    expect(latest().closed).toBe(true)
    expect(realtimeState()).toEqual({ connected: false, newPostIds: [] })
    latest().failed()
    vi.advanceTimersByTime(60_000)
    expect(streams).toHaveLength(1)
  })
})
