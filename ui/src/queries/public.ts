import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../lib/api'
import type { PublicList, PublicMember, PublicProfile, PublicReview } from '../lib/public'
import type { YearReview } from '../lib/year'

/**
 * publicKeys: what visitors may read of a public member, under /api/public/users/{handle}:
 * ['/api/public/users', 'ana'] → the profile, [..., 'reviews', id] → one review,
 * [..., 'year', 2025] → their year, [..., 'lists', id] → one public list (paged by `before`).
 */
export const publicKeys = {
  member: (handle: string) => ['/api/public/users', handle] as const,
  review: (handle: string, id: string) => [...publicKeys.member(handle), 'reviews', id] as const,
  year: (handle: string, year: number) => [...publicKeys.member(handle), 'year', year] as const,
  list: (handle: string, id: string) => [...publicKeys.member(handle), 'lists', id] as const,
}

export const publicProfileQuery = (handle: string) => queryOptions<PublicProfile>({ queryKey: publicKeys.member(handle), retry: false })

export const publicReviewQuery = (handle: string, id: string) =>
  queryOptions<{ member: PublicMember; review: PublicReview }>({ queryKey: publicKeys.review(handle, id), retry: false })

export const publicYearQuery = (handle: string, year: number) =>
  queryOptions<{ member: PublicMember; year: YearReview }>({ queryKey: publicKeys.year(handle, year), retry: false })

/** One page of a public list: the list with up to 100 of its items after `before`. */
interface PublicListPage {
  member: PublicMember
  list: PublicList
}

/** publicListQuery: a public list's pages, 100 items each, the next read from the last page's `next`. */
export const publicListQuery = (handle: string, id: string) =>
  infiniteQueryOptions({
    queryKey: publicKeys.list(handle, id),
    queryFn: ({ pageParam }) => {
      const url = `/api/public/users/${encodeURIComponent(handle)}/lists/${encodeURIComponent(id)}`
      return apiRequest<PublicListPage>('GET', pageParam ? `${url}?before=${encodeURIComponent(pageParam)}` : url)
    },
    initialPageParam: '',
    getNextPageParam: (last: PublicListPage) => last.list.next || undefined,
    retry: false,
  })
