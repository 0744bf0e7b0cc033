import { afterEach, describe, expect, it, vi } from 'vitest'
import { getQueryFn } from '../lib/api'
import { EARLY_ANSWER_MS, takeEarly } from './early'

const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }))

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('takeEarly', () => {
  it('gives the answer the startup script asked for once, then asks anew', () => {
    const res = answer({ count: 3 })
    vi.stubGlobal('window', { __cinecircleEarly: { '/api/notifications/unread-count': { at: 1_000, res } } })
    expect(takeEarly('/api/notifications/unread-count', 2_000)).toBe(res)
    expect(takeEarly('/api/notifications/unread-count', 2_000)).toBeNull()
  })

  it('lets an answer older than a minute go', () => {
    vi.stubGlobal('window', { __cinecircleEarly: { '/api/user/stats': { at: 0, res: answer({}) } } })
    expect(takeEarly('/api/user/stats', EARLY_ANSWER_MS + 1)).toBeNull()
  })

  it('has nothing without the startup script', () => {
    expect(takeEarly('/api/user/stats')).toBeNull()
    vi.stubGlobal('window', {})
    expect(takeEarly('/api/user/stats')).toBeNull()
  })
})

describe('the default fetcher', () => {
  it('reads the early answer instead of asking again, and asks the next time', async () => {
    const fetch = vi.fn(() => answer([{ id: 'b' }]))
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('window', { __cinecircleEarly: { '/api/user/up-next': { at: Date.now(), res: answer([{ id: 'a' }]) } } })
    const queryFn = getQueryFn<unknown>({ on401: 'throw' }) as (c: unknown) => Promise<unknown>
    const context = { queryKey: ['/api/user/up-next'], signal: new AbortController().signal, meta: undefined }
    expect(await queryFn(context)).toEqual([{ id: 'a' }])
    expect(fetch).not.toHaveBeenCalled()
    expect(await queryFn(context)).toEqual([{ id: 'b' }])
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('asks again when the early request failed on the network', async () => {
    const fetch = vi.fn(() => answer({ ok: true }))
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('window', { __cinecircleEarly: { '/api/user/stats': { at: Date.now(), res: Promise.reject(new TypeError('offline')) } } })
    const queryFn = getQueryFn<unknown>({ on401: 'throw' }) as (c: unknown) => Promise<unknown>
    expect(await queryFn({ queryKey: ['/api/user/stats'], signal: new AbortController().signal, meta: undefined })).toEqual({ ok: true })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('gives a member whose session ended the same 401 an asked request would', async () => {
    vi.stubGlobal('fetch', vi.fn())
    vi.stubGlobal('window', { __cinecircleEarly: { '/api/auth/user': { at: Date.now(), res: Promise.resolve(new Response('', { status: 401 })) } } })
    const queryFn = getQueryFn<unknown>({ on401: 'returnNull' }) as (c: unknown) => Promise<unknown>
    expect(await queryFn({ queryKey: ['/api/auth/user'], signal: new AbortController().signal, meta: undefined })).toBeNull()
  })
})
