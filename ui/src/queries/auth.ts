// Who is here (SPEC §7 /api/auth/user): every first page asks, so this module is in every
// first page's code and holds only that. Signing in, signing up, the password and the
// name are queries/account.ts, loaded with the pages that use them (first-load budget).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '../lib/api'
import type { OwnUser } from '../lib/users'

/** authKeys: generic → specific. Joined by the default fetcher: ['/api/auth', 'user'] → /api/auth/user. */
export const authKeys = {
  all: ['/api/auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
  methods: () => ['/api/collections/users/auth-methods'] as const,
}

/** The signed-in member, or null for a visitor (SPEC §7: not retried, fresh 30 s, no refetch on focus). */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: authKeys.user(),
    queryFn: getQueryFn<OwnUser>({ on401: 'returnNull' }),
    retry: false,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  })

export function useCurrentUser() {
  return useQuery(currentUserQuery())
}
