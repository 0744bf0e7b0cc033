// Federation's status for the member's settings (GET /api/federation/status): whether the
// community has federation on, and the host in members' fediverse addresses.
import { queryOptions } from '@tanstack/react-query'
import { getQueryFn } from '../lib/api'

/** FederationStatus: as GET /api/federation/status answers it. */
export interface FederationStatus {
  enabled: boolean
  /** The host of members' addresses (@handle@host), when enabled. */
  host: string
}

/** federationKeys: ['/api/federation/status'] → GET /api/federation/status. */
export const federationKeys = {
  status: ['/api/federation/status'] as const,
}

export const federationStatusQuery = () =>
  queryOptions({
    queryKey: federationKeys.status,
    queryFn: getQueryFn<FederationStatus>({ on401: 'throw' }) as () => Promise<FederationStatus>,
  })
