// Year in Review (#21): the shape GET /api/users/{id}/year/{yyyy} answers, which years a
// page may show, and the geometry of its SVG bar charts. Pure, tested in year.test.ts.
import type { CatalogKind } from './catalog'
import type { UserLike } from './users'

export interface YearTitle {
  kind: CatalogKind
  id: number
  title: string
  year: number
  posterPath: string
}

export interface YearWatch {
  title: YearTitle
  watchedAt: string
  rating: number
}

export interface YearReview {
  year: number
  user: UserLike & { id: string }
  films: number
  episodes: number
  hours: number
  reviews: number
  averageRating: number
  ratingsHistogram: number[]
  topGenres: { name: string; count: number }[]
  topRated: YearWatch[]
  mostRewatched: { title: YearTitle; count: number }[]
  longestStreak: { days: number; from: string; to: string }
  watchedWithMost: { user: UserLike & { id: string }; count: number } | null
  months: { films: number; episodes: number }[]
  firstWatch: YearWatch | null
  lastWatch: YearWatch | null
  challengesCompleted: { id: string; name: string; completedAt: string }[]
  titles: number
}

/** The first year a review can be asked for (the server refuses earlier ones). */
export const FIRST_YEAR = 1900

/** parseYear reads a /year/:yyyy parameter: a four-digit year up to now's, else null. */
export function parseYear(param: string | undefined, now = new Date()): number | null {
  if (!param || !/^\d{4}$/.test(param)) return null
  const year = Number(param)
  return year >= FIRST_YEAR && year <= now.getUTCFullYear() ? year : null
}

/** isEmptyYear: nothing was logged that year (the page shows its empty state). */
export function isEmptyYear(review: Pick<YearReview, 'films' | 'episodes' | 'titles'>): boolean {
  return review.films === 0 && review.episodes === 0 && review.titles === 0
}

export interface Bar {
  x: number
  y: number
  width: number
  height: number
  value: number
}

/**
 * bars lays values out as columns in a width × height box: equal slots with gap between
 * them, heights scaled to the largest value; a zero keeps a 1-unit stub so the axis
 * reads, and a non-zero value is at least 3 units tall so it never vanishes.
 */
export function bars(values: readonly number[], width: number, height: number, gap = 4): Bar[] {
  const n = values.length
  if (n === 0) return []
  const slot = (width - gap * (n - 1)) / n
  const max = Math.max(0, ...values)
  return values.map((value, i) => {
    const h = value <= 0 || max === 0 ? 1 : Math.max(3, (value / max) * height)
    return { x: i * (slot + gap), y: height - h, width: slot, height: h, value }
  })
}

/** hoursText: '12.5 hours', '1 hour', '0 hours'. */
export function hoursText(hours: number): string {
  const rounded = Math.round(hours * 10) / 10
  return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`
}

/** yearFileName: the share card's PNG name, 'cinecircle-2025-in-review.png'. */
export function yearFileName(year: number): string {
  return `cinecircle-${year}-in-review.png`
}
