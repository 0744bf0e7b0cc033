// Federation's status for the member's settings (GET /api/federation/status): whether the
// community has federation on, and the host in members' fediverse addresses; and the
// follow requests from the fediverse waiting for the member's answer (GET
// /api/federation/requests, answered with POST …/{id}/accept or …/{id}/reject); and
// following out: an address looked up (GET /api/federation/lookup?acct=) and followed or
// unfollowed (POST /api/follow {acct}, DELETE /api/follow/{acct}).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest, getQueryFn } from '../lib/api'
import { serverMessage } from '../lib/apiErrors'
import type { RemoteFollowState } from '../lib/fediverse'
import { toast } from '../lib/toast'
import { socialKeys } from './social'

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

/** RemoteAccount: an address looked up, as GET /api/federation/lookup answers. */
export interface RemoteAccount {
  /** name@host, as asked. */
  acct: string
  /** The actor's URL. */
  id: string
  name: string
  username: string
  /** The bio: HTML the server sanitized (shown as text here). */
  summary: string
  /** Our proxy of the avatar (/ap/avatars/{id}), or '' (drawn from the name). */
  avatar: string
  /** The profile page on its server (or ours). */
  url: string
  host: string
  following: RemoteFollowState
  /** A member of this community (the address is on our own host). */
  local: boolean
  userId?: string
}

/** What POST /api/follow {acct} and DELETE /api/follow/{acct} answer. */
interface FollowAnswer {
  acct: string
  following: RemoteFollowState
  userId?: string
}

/**
 * federationKeys: ['/api/federation/status'] → GET /api/federation/status;
 * ['/api/federation/requests'] → GET /api/federation/requests;
 * ['/api/federation/lookup', { acct }] → GET /api/federation/lookup?acct=…;
 * ['/api/federation/following'] → GET /api/federation/following.
 */
export const federationKeys = {
  status: ['/api/federation/status'] as const,
  requests: ['/api/federation/requests'] as const,
  following: ['/api/federation/following'] as const,
  lookups: ['/api/federation/lookup'] as const,
  lookup: (acct: string) => [...federationKeys.lookups, { acct }] as const,
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

/** lookupQuery: GET /api/federation/lookup?acct=name@host. A miss is not retried (it is an answer). */
export const lookupQuery = (acct: string) =>
  queryOptions({
    queryKey: federationKeys.lookup(acct),
    queryFn: getQueryFn<RemoteAccount>({ on401: 'throw' }) as () => Promise<RemoteAccount>,
    staleTime: 60_000,
    retry: false,
  })

/** remoteFollowingQuery: GET /api/federation/following, the accounts on other servers the member follows or asked to. */
export const remoteFollowingQuery = () =>
  queryOptions({
    queryKey: federationKeys.following,
    queryFn: getQueryFn<RemoteAccount[]>({ on401: 'throw' }) as () => Promise<RemoteAccount[]>,
  })

/**
 * useFollowRemote: POST /api/follow {acct} or DELETE /api/follow/{acct}. The looked-up
 * card takes the server's answer (requested, until the other server accepts); a failure
 * says why in a toast. Following a member of ours by address refreshes the follow lists,
 * a remote account the list of those followed on other servers.
 */
export function useFollowRemote() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ acct, follow }: { acct: string; follow: boolean }) =>
      follow
        ? apiRequest<FollowAnswer>('POST', '/api/follow', { acct })
        : apiRequest<FollowAnswer>('DELETE', `/api/follow/${encodeURIComponent(acct)}`),
    onSuccess: (answer, { acct }) => {
      client.setQueryData<RemoteAccount>(federationKeys.lookup(acct), (card) => card && { ...card, following: answer.following })
      if (answer.userId) void client.invalidateQueries({ queryKey: socialKeys.following })
      else void client.invalidateQueries({ queryKey: federationKeys.following })
    },
    onError: (error, { follow }) =>
      toast({ title: 'Error', description: serverMessage(error, follow ? 'Failed to follow user' : 'Failed to unfollow user'), variant: 'destructive' }),
  })
}
