import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiRequest, getQueryFn, httpStatus, HttpError, isUnauthorized, keyToUrl, pageQueryFn } from './api'

describe('keyToUrl', () => {
  it.each([
    [['/api/auth/user'], '/api/auth/user'],
    [['/api/auth', 'user'], '/api/auth/user'],
    [['/api/movies', 42], '/api/movies/42'],
    [['/api/feed', { limit: 20, page: 2 }], '/api/feed?limit=20&page=2'],
    [['/api/movies/search', { q: 'the thing', skip: undefined }], '/api/movies/search?q=the+thing'],
    [['/api/tv-shows', null, 7], '/api/tv-shows/7'],
  ])('%j → %s', (key, url) => {
    expect(keyToUrl(key)).toBe(url)
  })
})

function stubFetch(response: Response) {
  const fn = vi.fn((..._args: unknown[]) => Promise.resolve(response))
  vi.stubGlobal('fetch', fn)
  return fn
}

afterEach(() => {
  vi.unstubAllGlobals()
})

const ctx = (queryKey: unknown[], pageParam?: number) =>
  ({ queryKey, pageParam, signal: new AbortController().signal, meta: undefined, client: undefined }) as unknown as Parameters<
    ReturnType<typeof getQueryFn>
  >[0]

describe('HttpError', () => {
  it.each<[HttpError, string, number, string]>([
    [new HttpError(404, '{"message":"Not found."}', 'Not Found'), '404: {"message":"Not found."}', 404, '{"message":"Not found."}'],
    [new HttpError(503, '', 'Service Unavailable'), '503: Service Unavailable', 503, ''],
    [new HttpError(401, 'nope'), '401: nope', 401, 'nope'],
    [new HttpError(500, ''), '500: ', 500, ''],
  ])('%s', (error, message, status, body) => {
    // SPEC §8's message is kept for display; status and body are fields of their own.
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('HttpError')
    expect(error.message).toBe(message)
    expect(error.status).toBe(status)
    expect(error.body).toBe(body)
    expect(httpStatus(error)).toBe(status)
  })

  it.each([new Error('404: {}'), new TypeError('Failed to fetch'), '404: {}', null])('%s has no status', (error) => {
    expect(httpStatus(error)).toBeUndefined()
  })
})

describe('getQueryFn', () => {
  it('GETs the joined key with credentials and the cache header', async () => {
    const fetchFn = stubFetch(new Response(JSON.stringify({ id: 'u1' }), { status: 200 }))
    const data = await getQueryFn({ on401: 'throw' })(ctx(['/api/auth', 'user']))
    expect(data).toEqual({ id: 'u1' })
    const [url, init] = fetchFn.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/auth/user')
    expect(init.credentials).toBe('include')
    expect(init.headers).toMatchObject({ 'Cache-Control': 'public, max-age=300' })
  })

  it('returns null on 401 only when asked', async () => {
    stubFetch(new Response('{"status":401}', { status: 401 }))
    await expect(getQueryFn({ on401: 'returnNull' })(ctx(['/api/auth/user']))).resolves.toBeNull()
    stubFetch(new Response('{"status":401,"message":"no"}', { status: 401 }))
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/auth/user']))).rejects.toThrow(
      '401: {"status":401,"message":"no"}',
    )
  })

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }))
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/x']))).rejects.toThrow('503: Service Unavailable')
  })

  it('raises an HttpError carrying the status and the body', async () => {
    stubFetch(new Response('{"message":"gone"}', { status: 404 }))
    const query = getQueryFn({ on401: 'returnNull' })
    const error: unknown = await Promise.resolve(query(ctx(['/api/activities', 'x']))).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 404, body: '{"message":"gone"}', message: '404: {"message":"gone"}' })
  })

  it.each<[unknown[], number | undefined, string]>([
    [['/api/feed', { limit: 20 }], 1, '/api/feed?limit=20&page=1'],
    [['/api/feed', { limit: 20 }], 3, '/api/feed?limit=20&page=3'],
    [['/api/users', 'abc', 'diary'], 2, '/api/users/abc/diary?page=2'],
    [['/api/users', 'abc', 'diary'], undefined, '/api/users/abc/diary'],
  ])('pages: %j page %s → %s', async (key, page, url) => {
    const fetchFn = stubFetch(new Response('[{"id":"a"}]', { status: 200 }))
    await expect(pageQueryFn<{ id: string }[]>()(ctx(key, page) as never)).resolves.toEqual([{ id: 'a' }])
    expect(fetchFn.mock.calls[0]?.[0]).toBe(url)
  })
})

describe('apiRequest', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchFn = stubFetch(new Response('{"ok":true}', { status: 200 }))
    await expect(apiRequest('POST', '/api/auth/login', { email: 'a@b.c' })).resolves.toEqual({ ok: true })
    const [, init] = fetchFn.mock.calls[0] as [string, RequestInit]
    expect(init.method).toBe('POST')
    expect(init.credentials).toBe('include')
    expect(init.body).toBe('{"email":"a@b.c"}')
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' })
  })

  it('returns null for 204', async () => {
    stubFetch(new Response(null, { status: 204 }))
    await expect(apiRequest('POST', '/api/auth/logout')).resolves.toBeNull()
  })

  it('throws status: body on failure, 401 included', async () => {
    stubFetch(new Response('nope', { status: 401 }))
    await expect(apiRequest('PATCH', '/api/auth/user/name', {})).rejects.toThrow('401: nope')
    stubFetch(new Response('nope', { status: 401 }))
    await expect(apiRequest('PATCH', '/api/auth/user/name', {})).rejects.toBeInstanceOf(HttpError)
  })
})

describe('isUnauthorized', () => {
  it.each([
    [new HttpError(401, '{}'), true],
    [new Error('Unauthorized'), true],
    [new HttpError(400, '{"message":"Invalid"}'), false],
    [new HttpError(500, 'code 4012'), false],
    [new Error('500: code 401'), false],
  ])('%s → %s', (error, expected) => {
    expect(isUnauthorized(error)).toBe(expected)
  })
})
