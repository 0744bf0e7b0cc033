// Federation's status for the member's settings (GET /api/federation/status): whether the
// community has federation on, and the host in members' fediverse addresses; and the
// follow requests from the fediverse waiting for the member's answer (GET
// /api/federation/requests, answered with POST …/{id}/accept or …/{id}/reject).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest, getQueryFn } from '../lib/api'

/** FederationStatus: as GET /api/federation/status answers it. */
export interface FederationStatus {
  enabled: boolean
  /** The host of members' addresses (@handle@host), when enabled. */
  host: string
}

/** FollowRequest: a Follow from the fediverse waiting for the member's answer. */
export interface FollowRequest {
  id: string
  actor: string
  from: { name: string; acct: string; url: string; avatarUrl: string; host: string }
  created: string
}

/**
 * federationKeys: ['/api/federation/status'] → GET /api/federation/status;
 * ['/api/federation/requests'] → GET /api/federation/requests.
 */
export const federationKeys = {
  status: ['/api/federation/status'] as const,
  requests: ['/api/federation/requests'] as const,
}

export const federationStatusQuery = () =>
  queryOptions({
    queryKey: federationKeys.status,
    queryFn: getQueryFn<FederationStatus>({ on401: 'throw' }) as () => Promise<FederationStatus>,
  })

export const followRequestsQuery = () =>
  queryOptions({
    queryKey: federationKeys.requests,
    queryFn: getQueryFn<FollowRequest[]>({ on401: 'throw' }) as () => Promise<FollowRequest[]>,
  })

/**
 * useAnswerFollowRequest accepts or declines a request. The request leaves the list at once
 * (optimistic) and comes back if the server refuses.
 */
export function useAnswerFollowRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      apiRequest<null>('POST', `/api/federation/requests/${encodeURIComponent(id)}/${accept ? 'accept' : 'reject'}`),
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: federationKeys.requests })
      const before = queryClient.getQueryData<FollowRequest[]>(federationKeys.requests)
      queryClient.setQueryData<FollowRequest[]>(federationKeys.requests, (list) => list?.filter((r) => r.id !== id))
      return { before }
    },
    onError: (_err, _vars, context) => {
      if (context?.before) queryClient.setQueryData(federationKeys.requests, context.before)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: federationKeys.requests }),
  })
}
