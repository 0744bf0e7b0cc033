import { QueryClient } from '@tanstack/react-query'
import { getQueryFn, httpStatus, isUnauthorized } from './api'

// SPEC §9 data freshness and retention. Its 'stale queries purge' (unused, older than 30
// minutes) is TanStack's garbage collection: gcTime drops a query 30 minutes after its
// last observer left.
export const STALE_TIME_MS = 15 * 60 * 1000
export const GC_TIME_MS = 30 * 60 * 1000

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
