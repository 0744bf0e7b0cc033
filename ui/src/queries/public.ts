import { queryOptions } from '@tanstack/react-query'
import type { PublicMember, PublicProfile, PublicReview } from '../lib/public'
import type { YearReview } from '../lib/year'

/**
 * publicKeys: what visitors may read of a public member, under /api/public/users/{handle}:
 * ['/api/public/users', 'ana'] → the profile, [..., 'reviews', id] → one review,
 * [..., 'year', 2025] → their year.
 */
export const publicKeys = {
  member: (handle: string) => ['/api/public/users', handle] as const,
  review: (handle: string, id: string) => [...publicKeys.member(handle), 'reviews', id] as const,
  year: (handle: string, year: number) => [...publicKeys.member(handle), 'year', year] as const,
}

export const publicProfileQuery = (handle: string) => queryOptions<PublicProfile>({ queryKey: publicKeys.member(handle), retry: false })

export const publicReviewQuery = (handle: string, id: string) =>
  queryOptions<{ member: PublicMember; review: PublicReview }>({ queryKey: publicKeys.review(handle, id), retry: false })

export const publicYearQuery = (handle: string, year: number) =>
  queryOptions<{ member: PublicMember; year: YearReview }>({ queryKey: publicKeys.year(handle, year), retry: false })
