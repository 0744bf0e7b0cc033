import { QueryClient } from '@tanstack/react-query'
import { getQueryFn, httpStatus, isUnauthorized } from './api'

// SPEC §9 data freshness and retention.
export const STALE_TIME_MS = 15 * 60 * 1000
export const GC_TIME_MS = 30 * 60 * 1000
export const PURGE_INTERVAL_MS = 5 * 60 * 1000
export const PURGE_AGE_MS = 30 * 60 * 1000

/**
 * shouldRetryQuery follows SPEC §8: a query refused with 401 (or an error saying
 * Unauthorized) is not retried; any other failure is retried up to twice. failureCount
 * counts the failures before this decision, starting at 0 (TanStack's convention).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isUnauthorized(error)) return false
  return failureCount < 2
}

/**
 * retryQueryUnless: SPEC §8's query retries, and none for the given statuses: an answer
 * that a retry would only repeat (a missing title or member, a bad id, a forbidden post).
 */
export function retryQueryUnless(...statuses: number[]) {
  return (failureCount: number, error: unknown): boolean => {
    const status = httpStatus(error)
    if (status !== undefined && statuses.includes(status)) return false
    return shouldRetryQuery(failureCount, error)
  }
}

/**
 * shouldRetryMutation follows SPEC §8: a write refused with 401 or 400 is not retried
 * (sending it again cannot help); any other failure is retried once.
 */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (httpStatus(error) === 400 || isUnauthorized(error)) return false
  return failureCount < 1
}

/** What the purge needs to know of a cached query. */
export interface PurgeCandidate {
  dataUpdatedAt: number
  observers: number
}

/**
 * isPurgeable says whether a cached query may be dropped by the periodic purge: nothing
 * on screen uses it and its data is older than 30 minutes. Queries that never received
 * data (dataUpdatedAt 0) are left to the normal garbage collection.
 */
export function isPurgeable(query: PurgeCandidate, now: number): boolean {
  return query.observers === 0 && query.dataUpdatedAt > 0 && now - query.dataUpdatedAt > PURGE_AGE_MS
}

/** The app's one QueryClient (SPEC §9 constants, SPEC §8 retries, SPEC §7 fetcher). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: STALE_TIME_MS,
      gcTime: GC_TIME_MS,
      refetchOnReconnect: true,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      // SPEC §9 says online-only; reads run once even offline ('offlineFirst') so the
      // service worker's cached answers show pages seen before (README: offline). Writes
      // stay online-only: made offline they wait and are sent on reconnect.
      networkMode: 'offlineFirst',
      retry: shouldRetryQuery,
    },
    mutations: {
      networkMode: 'online',
      retry: shouldRetryMutation,
    },
  },
})

/** startStaleQueryPurge removes unused queries older than 30 minutes every 5 minutes. */
export function startStaleQueryPurge(client: QueryClient = queryClient): () => void {
  const timer = setInterval(() => {
    const cache = client.getQueryCache()
    const now = Date.now()
    for (const query of cache.getAll()) {
      if (isPurgeable({ dataUpdatedAt: query.state.dataUpdatedAt, observers: query.getObserversCount() }, now)) {
        cache.remove(query)
      }
    }
  }, PURGE_INTERVAL_MS)
  return () => clearInterval(timer)
}
