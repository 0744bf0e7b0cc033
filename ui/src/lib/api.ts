import type { QueryFunction, QueryKey } from '@tanstack/react-query'
import { takeEarly } from '../startup/early'

// SPEC §7: every call to our server carries the session cookie and this cache header.
export const API_HEADERS = { 'Cache-Control': 'public, max-age=300' } as const

type KeyPart = string | number | boolean | null | undefined | Record<string, unknown>

/**
 * keyToUrl turns a query key into the path the default fetcher GETs: string and number
 * parts are joined with '/' (SPEC §7). A plain object part becomes the query string, so
 * ['/api/feed', { limit: 20, page: 2 }] reads /api/feed?limit=20&page=2. Null and
 * undefined parts (and object entries) are skipped.
 */
export function keyToUrl(queryKey: readonly unknown[]): string {
  const path: string[] = []
  const params = new URLSearchParams()
  for (const part of queryKey as readonly KeyPart[]) {
    if (part == null) continue
    if (typeof part === 'object') {
      for (const [name, value] of Object.entries(part)) {
        if (value == null) continue
        params.append(name, typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value))
      }
      continue
    }
    path.push(String(part))
  }
  const joined = path.join('/').replace(/([^:])\/{2,}/g, '$1/')
  const query = params.toString()
  return query ? `${joined}?${query}` : joined
}

/**
 * HttpError is what a non-ok answer raises. Its message keeps SPEC §8's format for display
 * (the status, a colon and a space, then the body text, or the status text when the body
 * is empty); code that decides by the answer reads status and body, never the message.
 */
export class HttpError extends Error {
  readonly status: number
  /** The answer's body text ('' when empty). */
  readonly body: string
  /** The body, or the status text when the body is empty: what the message shows after the status. */
  readonly text: string

  constructor(status: number, body: string, statusText = '') {
    const text = body || statusText
    super(`${status}: ${text}`)
    this.name = 'HttpError'
    this.status = status
    this.body = body
    this.text = text
  }
}

/** httpStatus: the status of an answer that raised the error, undefined when none came (offline, aborted, a bug). */
export function httpStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined
}

/** throwIfResNotOk raises an HttpError for a non-ok response. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const text = await res.text().catch(() => '')
  throw new HttpError(res.status, text, res.statusText)
}

async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T
  const text = await res.text()
  if (!text) return null as T
  return JSON.parse(text) as T
}

/**
 * apiRequest performs a write (or any call that is not a query) with the same rules as
 * the default fetcher and returns the parsed JSON body (null for an empty body).
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { ...API_HEADERS } : { ...API_HEADERS, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  await throwIfResNotOk(res)
  return readBody<T>(res)
}

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/**
 * getQueryFn is the default fetcher of SPEC §7: GET the path built from the query key, and
 * for an infinite query its page in the query string (?page=N: a page is not part of the
 * key), or take the answer the startup script asked for already (startup/early.ts). A 401
 * yields null only when the caller asked for it (on401: 'returnNull').
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null, QueryKey, unknown> {
  return async ({ queryKey, signal, pageParam }) => {
    const url = keyToUrl(pageParam === undefined ? queryKey : [...queryKey, { page: pageParam }])
    // An answer index.html's startup script already asked for is taken first; one that
    // failed on the network is asked for again.
    const early = await takeEarly(url)?.catch(() => null)
    const res = early ?? (await fetch(url, { credentials: 'include', headers: { ...API_HEADERS }, signal }))
    return queryAnswer<T>(res, options.on401)
  }
}

/**
 * pageQueryFn: the default fetcher typed for an infinite query's numbered pages, each a
 * JSON list (a 401 throws, so no page is null).
 */
export const pageQueryFn = <T>() => getQueryFn<T>({ on401: 'throw' }) as QueryFunction<T, QueryKey, number>

/** queryAnswer reads a response the way the default fetcher does (null for a 401 when asked). */
export async function queryAnswer<T>(res: Response, on401: UnauthorizedBehavior): Promise<T | null> {
  if (on401 === 'returnNull' && res.status === 401) return null
  await throwIfResNotOk(res)
  return readBody<T>(res)
}

/** messageOf: an error's text, whatever was thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : ''
}

/** isUnauthorized tells a 401 (or an error saying Unauthorized, SPEC §8) apart from other failures. */
export function isUnauthorized(error: unknown): boolean {
  return httpStatus(error) === 401 || messageOf(error).includes('Unauthorized')
}
