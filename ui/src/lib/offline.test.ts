import { MutationCache, onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QUEUED_NOTICE, REPLAY_NOTICE, watchOfflineWrites, writeNotice, type WriteNotice } from './offline'

describe('writeNotice', () => {
  it.each([
    ['first write waiting in an offline spell', 'paused', false, QUEUED_NOTICE],
    ['another write in the same spell', 'paused', true, null],
    ['back online after writes waited', 'online', true, REPLAY_NOTICE],
    ['back online with nothing waiting', 'online', false, null],
  ] as const)('%s', (_, event, waited, expected) => {
    expect(writeNotice(event, waited)).toBe(expected)
  })

  it('tells the member what happened in plain words', () => {
    expect(QUEUED_NOTICE.description).toMatch(/offline/)
    expect(QUEUED_NOTICE.description).toMatch(/sent when you're back online/)
  })
})

describe('watchOfflineWrites with TanStack Query (online-only writes)', () => {
  let client: QueryClient
  let notices: WriteNotice[]
  let stop: () => void

  beforeEach(() => {
    vi.stubGlobal('navigator', { onLine: true })
    client = new QueryClient({ mutationCache: new MutationCache(), defaultOptions: { mutations: { networkMode: 'online', retry: false } } })
    client.mount()
    notices = []
    stop = watchOfflineWrites(client.getMutationCache(), (n) => notices.push(n))
  })

  afterEach(() => {
    stop()
    client.unmount()
    onlineManager.setOnline(true)
    vi.unstubAllGlobals()
  })

  it('holds writes made offline, says so once, and sends them on reconnect', async () => {
    const sent: string[] = []
    const write = (body: string) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: (b: string) => {
            sent.push(b)
            return Promise.resolve(b)
          },
        })
        .execute(body)

    onlineManager.setOnline(false)
    const first = write('like')
    const second = write('comment')
    await vi.waitFor(() => expect(client.getMutationCache().getAll().filter((m) => m.state.isPaused)).toHaveLength(2))
    expect(sent).toEqual([])
    expect(notices).toEqual([QUEUED_NOTICE])

    onlineManager.setOnline(true)
    await expect(Promise.all([first, second])).resolves.toEqual(['like', 'comment'])
    expect(sent).toEqual(['like', 'comment'])
    expect(notices).toEqual([QUEUED_NOTICE, REPLAY_NOTICE])
  })

  it('says nothing when writes go through online', async () => {
    await client.getMutationCache().build(client, { mutationFn: () => Promise.resolve(1) }).execute(undefined)
    onlineManager.setOnline(false)
    onlineManager.setOnline(true)
    expect(notices).toEqual([])
  })
})
