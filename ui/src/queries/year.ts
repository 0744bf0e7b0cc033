import { queryOptions } from '@tanstack/react-query'
import type { YearReview } from '../lib/year'
import { diaryKeys } from './diary'

/**
 * yearKeys: a member's year sits under the member (diaryKeys.member), so whatever
 * refreshes a member's diary and profile refreshes their years too:
 * ['/api/users', id, 'year', 2025] → /api/users/{id}/year/2025.
 */
export const yearKeys = {
  year: (userId: string, year: number) => [...diaryKeys.member(userId), 'year', year] as const,
}

/** yearQuery: GET /api/users/{id}/year/{yyyy} ('me' for one's own). */
export const yearQuery = (userId: string, year: number) => queryOptions<YearReview>({ queryKey: yearKeys.year(userId, year) })
