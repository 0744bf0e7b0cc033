// Public profiles (#21): handle rules as the server checks them (hooks/auth ValidHandle)
// and what a visitor page needs. Pure, tested in public.test.ts.
import type { UserLike } from './users'

/** HANDLE_RULE says the rule in the words the server uses. */
export const HANDLE_RULE = 'A handle is 3 to 30 letters, digits or underscores.'

/** validHandle: 3–30 letters, digits or underscores (reserved words are the server's to refuse). */
export function validHandle(h: string): boolean {
  return /^[A-Za-z0-9_]{3,30}$/.test(h)
}

/** PublicMember: what visitors see of a member (no email). */
export type PublicMember = UserLike & { id: string; handle: string; bio: string }

/** PublicReview: one review on a public page. */
export interface PublicReview {
  id: string
  type: string
  createdAt: string
  kind: 'movie' | 'tv'
  titleId: number
  title: string
  year: number
  posterPath: string
  rating: number
  review: string
  watchedAt: string
  watchedWith: PublicMember[]
}

export interface PublicProfile {
  member: PublicMember
  totals: { movies: number; shows: number; episodes: number; reviews: number; hours: number }
  reviews: PublicReview[]
}

/** signUpPath: where a visitor's call to action leads, back to the page after signing up. */
export function signUpPath(from: string): string {
  return `/login?mode=signup&next=${encodeURIComponent(from)}`
}
