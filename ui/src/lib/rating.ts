// Ratings, watch statuses and the add dialog's rules (SPEC §4, §5): the rating scale and
// how it is shown, which fields a status carries, and the payload POST /api/user/movies
// and /api/user/tv-shows receive.
import type { CatalogKind } from './catalog'

/** SPEC §5, §9: ratings run from 0 to 10 in steps of 0.1; 0 means no rating. */
export const RATING_MIN = 0
export const RATING_MAX = 10
export const RATING_STEP = 0.1

/** SPEC §4 watch statuses. */
export type WatchStatus = 'watched' | 'plan_to_watch' | 'currently_watching' | 'dropped'

/** The longest review the server keeps. */
export const MAX_REVIEW_LENGTH = 10_000

/** The most friends one entry can be watched with (the server refuses more). */
export const MAX_WATCHED_WITH = 20

/**
 * roundRating clamps a rating to 0–10 and rounds it to one decimal the way the server does
 * (half away from zero: 7.25 → 7.3). Anything that is not a finite number is 0 (no rating).
 */
export function roundRating(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0
  const clamped = Math.min(RATING_MAX, Math.max(RATING_MIN, value))
  return Math.round(clamped * 10) / 10
}

/** formatRating shows a rating as X.X/10.0 (SPEC §5): 7.25 → '7.3/10.0'. */
export function formatRating(value: number | null | undefined): string {
  return `${roundRating(value).toFixed(1)}/10.0`
}

/** hasRating: 0 (or nothing) means the member gave no rating. */
export function hasRating(value: number | null | undefined): value is number {
  return roundRating(value) > 0
}

/**
 * parseRatingText reads what a member typed in the rating box: a number, with a point or
 * a comma as the decimal mark. Blank or unreadable text is null (the box keeps the last
 * good value); out-of-range numbers are clamped by roundRating afterwards.
 */
export function parseRatingText(text: string): number | null {
  const clean = text.trim().replace(',', '.')
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(clean)) return null
  const n = Number(clean)
  return Number.isFinite(n) ? n : null
}

/** hasDetails: rating, review, watched date and friends apply only to watched and dropped (SPEC §4). */
export function hasDetails(status: WatchStatus): boolean {
  return status === 'watched' || status === 'dropped'
}

/** The status picker's options, in the order the add dialog lists them. */
export const STATUS_OPTIONS: readonly { value: WatchStatus; label: string }[] = [
  { value: 'watched', label: 'Watched' },
  { value: 'plan_to_watch', label: 'Plan to Watch' },
  { value: 'currently_watching', label: 'Currently Watching' },
  { value: 'dropped', label: 'Dropped' },
]

/** statusOptionLabel: the picker's name for a status ('Plan to Watch'). */
export function statusOptionLabel(status: WatchStatus): string {
  return STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status
}

/** statusLabel: the label cards show for a status (SPEC §4: 'watchlist', 'currently watching'). */
export function statusLabel(status: string): string {
  switch (status) {
    case 'plan_to_watch':
      return 'watchlist'
    case 'currently_watching':
      return 'currently watching'
    case 'watched':
      return 'watched'
    case 'dropped':
      return 'dropped'
    default:
      return status
  }
}

/** What the add dialog holds when it is submitted. */
export interface AddForm {
  kind: CatalogKind
  /** The picked title's id, or null when none is picked yet. */
  titleId: number | null
  status: WatchStatus
  rating: number
  review: string
  watchedWith: string[]
  /** 'YYYY-MM-DD' from the date input, or '' for "now". */
  watchedAt: string
}

/** noTitleMessage: SPEC §5's message when the add dialog is submitted without a title. */
export function noTitleMessage(kind: CatalogKind): string {
  return kind === 'movie' ? 'Please select a movie' : 'Please select a TV show'
}

/** validateAdd applies SPEC §5 to the add dialog: a title must be picked. null means valid. */
export function validateAdd(form: Pick<AddForm, 'kind' | 'titleId'>): string | null {
  if (form.titleId == null || !Number.isSafeInteger(form.titleId) || form.titleId <= 0) return noTitleMessage(form.kind)
  return null
}

/** The body of POST /api/user/movies (movieId) or /api/user/tv-shows (tvShowId). */
export interface EntryPayload {
  movieId?: number
  tvShowId?: number
  status: WatchStatus
  rating?: number
  review?: string
  watchedWith?: string[]
  watchedAt?: string
}

/**
 * buildEntryPayload turns the dialog's form into the request body. Rating, review,
 * friends and date go only with watched and dropped (the server refuses them otherwise);
 * a blank date is left out so the server uses now (SPEC §5); the review is trimmed.
 */
export function buildEntryPayload(form: AddForm & { titleId: number }): EntryPayload {
  const payload: EntryPayload =
    form.kind === 'movie' ? { movieId: form.titleId, status: form.status } : { tvShowId: form.titleId, status: form.status }
  if (!hasDetails(form.status)) return payload
  payload.rating = roundRating(form.rating)
  payload.review = form.review.trim()
  payload.watchedWith = [...new Set(form.watchedWith)]
  const date = form.watchedAt.trim()
  if (date) payload.watchedAt = date
  return payload
}

/** localDateISO is a day in the member's own calendar as 'YYYY-MM-DD' (the date input's max). */
export function localDateISO(now: Date = new Date()): string {
  const y = String(now.getFullYear()).padStart(4, '0')
  const m = String(now.getMonth() + 1).padStart(2, '0')
  const d = String(now.getDate()).padStart(2, '0')
  return `${y}-${m}-${d}`
}

/** isFutureDate: a picked date after today (the date input's max; the server refuses it too). */
export function isFutureDate(date: string, now: Date = new Date()): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && date > localDateISO(now)
}
