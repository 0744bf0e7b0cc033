import type { QueryFunction, QueryKey } from '@tanstack/react-query'
import { queryAnswer, type UnauthorizedBehavior } from '../lib/api'

declare global {
  interface Window {
    /** The request index.html's startup script made for /api/auth/user (src/startup/earlyUser.js). */
    __cinecircleUser?: Promise<Response>
  }
}

/**
 * takeEarlyUser: the answer to /api/auth/user that index.html's startup script asked for
 * before the app loaded, once (a later question is asked anew); null without one.
 */
export function takeEarlyUser(): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__cinecircleUser
  if (early) delete window.__cinecircleUser
  return early ?? null
}

/**
 * fromEarly: a query function that reads an answer already under way the way the default
 * fetcher would, falling back to the usual request when that one failed on the network.
 */
export function fromEarly<T>(early: Promise<Response> | null, on401: UnauthorizedBehavior, fallback: QueryFunction<T, QueryKey>): QueryFunction<T | null, QueryKey> {
  let pending = early
  return async (context) => {
    const res = await pending?.catch(() => null)
    pending = null
    return res ? queryAnswer<T>(res, on401) : fallback(context)
  }
}
