// The member's account (SPEC §7 /api/auth/*, PocketBase's password reset and OAuth2):
// signing in, up and out of a confirmation link, the password and the name. Kept apart
// from queries/auth.ts (who is here, which every first page loads) so that only the pages
// using these load them; the keys are auth's (authKeys).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { API_HEADERS, apiRequest, throwIfResNotOk } from '../lib/api'
import type { DisplayPreference, OwnUser } from '../lib/users'
import { authKeys } from './auth'

// The PocketBase SDK serves only OAuth2 here: it loads with the sign-in page, not with
// every first page (first-load JavaScript budget).
const loadPb = () => import('../lib/pb').then((m) => m.pb)

/** The OAuth2 providers a superuser enabled (PocketBase's own auth-methods list). */
export const authMethodsQuery = () =>
  queryOptions({
    queryKey: authKeys.methods(),
    queryFn: async () => (await loadPb()).collection('users').listAuthMethods(),
    staleTime: 5 * 60 * 1000,
    retry: false,
  })

export interface LoginBody {
  email: string
  password: string
  /** The second factor (a TOTP or a recovery code), once the server asked for it. */
  code?: string
}

export interface SignupBody extends LoginBody {
  passwordConfirm: string
  firstName?: string
  lastName?: string
}

export interface NameBody {
  firstName: string
  lastName: string
  nickname: string | null
  displayPreference: DisplayPreference
}

export interface PasswordBody {
  currentPassword: string
  password: string
  passwordConfirm: string
}

/**
 * useStartSession returns the step every sign-in ends with: drop whatever the previous
 * visitor had cached, then hold the new member as the current user.
 */
function useStartSession() {
  const queryClient = useQueryClient()
  return (user: OwnUser) => {
    const keep = new Set<unknown>([authKeys.all[0], authKeys.methods()[0]])
    queryClient.removeQueries({ predicate: (q) => !keep.has(q.queryKey[0]) })
    queryClient.setQueryData(authKeys.user(), user)
  }
}

export function useLogin() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest<OwnUser>('POST', '/api/auth/login', body),
    onSuccess: startSession,
  })
}

/** The answer to a sign-up the community confirms by email (its mail is set up). */
export interface ConfirmEmailAnswer {
  status: 'confirm_email'
  email: string
}

/** isConfirmEmailAnswer tells "check your email" from a member signed in at once. */
export function isConfirmEmailAnswer(answer: OwnUser | ConfirmEmailAnswer): answer is ConfirmEmailAnswer {
  return 'status' in answer && answer.status === 'confirm_email'
}

/**
 * useSignup creates an account. Without mail the member is signed in at once; with mail
 * the answer is always "check your email", so it never tells who already has an account.
 */
export function useSignup() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (body: SignupBody) => apiRequest<OwnUser | ConfirmEmailAnswer>('POST', '/api/auth/signup', body),
    onSuccess: (answer) => {
      if (!isConfirmEmailAnswer(answer)) startSession(answer)
    },
  })
}

/** useConfirmEmail opens a sign-up's confirmation link: it creates the account and signs in. */
export function useConfirmEmail() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (token: string) => apiRequest<OwnUser>('POST', '/api/auth/confirm-email', { token }),
    onSuccess: startSession,
  })
}

/**
 * useOAuthLogin signs in with an OAuth2 provider through the SDK's popup flow, exchanges
 * the token it returns for our session cookie, then forgets the token.
 */
export function useOAuthLogin() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: async (provider: string) => {
      const pb = await loadPb()
      try {
        const auth = await pb.collection('users').authWithOAuth2({ provider })
        const res = await fetch('/api/auth/session', {
          method: 'POST',
          credentials: 'include',
          headers: { ...API_HEADERS, Authorization: auth.token },
        })
        await throwIfResNotOk(res)
        return (await res.json()) as OwnUser
      } finally {
        pb.authStore.clear()
      }
    },
    onSuccess: startSession,
  })
}

export function useUpdateName() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: NameBody) => apiRequest<OwnUser>('PATCH', '/api/auth/user/name', body),
    onSuccess: async (user) => {
      queryClient.setQueryData(authKeys.user(), user)
      // The feed shows the new name (SPEC §7). Its module loads with the member's pages,
      // not with the first page every visitor loads, so it is fetched here on demand.
      const { feedKeys } = await import('./feed')
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.user() }),
        queryClient.invalidateQueries({ queryKey: feedKeys.all }),
      ])
    },
  })
}

export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PasswordBody) => apiRequest<OwnUser>('POST', '/api/auth/user/password', body),
    onSuccess: (user) => {
      queryClient.setQueryData(authKeys.user(), user)
    },
  })
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => apiRequest<null>('POST', '/api/collections/users/request-password-reset', { email }),
  })
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string; passwordConfirm: string }) =>
      apiRequest<null>('POST', '/api/collections/users/confirm-password-reset', body),
  })
}

/**
 * useChangeEmail: POST /api/user/email. Without mail the member comes back with the new
 * address (held as current); with mail the answer is "check your email".
 */
export function useChangeEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { email: string; password: string }) =>
      apiRequest<OwnUser | ConfirmEmailAnswer>('POST', '/api/user/email', body),
    onSuccess: (answer) => {
      if (!isConfirmEmailAnswer(answer)) queryClient.setQueryData(authKeys.user(), answer)
    },
  })
}

/** useConfirmEmailChange opens an email change's link: the address changes, this browser signs in. */
export function useConfirmEmailChange() {
  const startSession = useStartSession()
  return useMutation({
    mutationFn: (token: string) => apiRequest<OwnUser>('POST', '/api/auth/confirm-email-change', { token }),
    onSuccess: startSession,
  })
}
