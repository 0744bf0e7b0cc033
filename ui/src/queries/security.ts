// The member's sign-in security: two-factor sign-in (/api/user/2fa*). One module owns its
// key; the setup's secret and the recovery codes live only in the mutations' answers,
// never in the cache.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest, getQueryFn } from '../lib/api'

/** TwoFactorStatus: GET /api/user/2fa. */
export interface TwoFactorStatus {
  enabled: boolean
  recoveryCodesLeft: number
}

/** TwoFactorSetup: POST /api/user/2fa/setup's answer (the QR code is a PNG data URL). */
export interface TwoFactorSetup {
  secret: string
  otpauthUrl: string
  qrCode: string
}

/** Session: one signed-in browser (GET /api/user/sessions). */
export interface Session {
  id: string
  browser: string
  os: string
  device: string
  createdAt: string
  lastSeenAt: string
  current: boolean
}

/** securityKeys: ['/api/user/2fa'] → GET /api/user/2fa, ['/api/user/sessions'] → the devices. */
export const securityKeys = {
  twoFactor: ['/api/user/2fa'] as const,
  sessions: ['/api/user/sessions'] as const,
}

export const sessionsQuery = () =>
  queryOptions({ queryKey: securityKeys.sessions, queryFn: getQueryFn<Session[]>({ on401: 'throw' }) as () => Promise<Session[]> })

/** useEndSession signs one device out (id), or every other one (no id). */
export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id?: string) =>
      id ? apiRequest<null>('DELETE', `/api/user/sessions/${encodeURIComponent(id)}`) : apiRequest<{ ended: number }>('DELETE', '/api/user/sessions'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions }),
  })
}

export const twoFactorQuery = () =>
  queryOptions({ queryKey: securityKeys.twoFactor, queryFn: getQueryFn<TwoFactorStatus>({ on401: 'throw' }) as () => Promise<TwoFactorStatus> })

export function useSetupTwoFactor() {
  return useMutation({ mutationFn: () => apiRequest<TwoFactorSetup>('POST', '/api/user/2fa/setup') })
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (code: string) => apiRequest<{ recoveryCodes: string[] }>('POST', '/api/user/2fa/enable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => apiRequest<null>('POST', '/api/user/2fa/disable', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor }),
  })
}

/** useDeleteAccount: DELETE /api/user. Afterwards nothing cached belongs to anyone. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { password: string; code?: string }) => apiRequest<null>('DELETE', '/api/user', body),
    onSuccess: () => queryClient.clear(),
  })
}
