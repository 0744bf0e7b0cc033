// Public profiles (#21): handle rules as the server checks them (hooks/auth ValidHandle)
// and what a visitor page needs. Pure, tested in public.test.ts.
import type { DiaryItem } from './diary'
import type { ListItem } from './lists'
import type { Favorite, ListSummary } from '../queries/lists'
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

/** PublicProfile: GET /api/public/users/{handle}. The diary carries no review text (reviews come from posts). */
export interface PublicProfile {
  member: PublicMember
  totals: { movies: number; shows: number; episodes: number; reviews: number; hours: number }
  favorites: Favorite[]
  reviews: PublicReview[]
  diary: DiaryItem[]
  lists: ListSummary[]
}

/** PublicList: a public list as visitors see it (GET /api/public/users/{handle}/lists/{id}); no viewer marks or thread. */
export interface PublicList {
  id: string
  name: string
  description: string
  ranked: boolean
  itemCount: number
  updatedAt: string
  /** Editors who are public themselves. */
  editors: PublicMember[]
  items: ListItem[]
  /** The `before` of the next page of items, '' on the last. */
  next: string
}

/** publicListPath: a public list's page. */
export function publicListPath(handle: string, listId: string): string {
  return `/u/${handle}/list/${listId}`
}

/** addedByLine: 'Added by Eve' under an item a public editor added; '' for the owner's own or an unnamed editor's. */
export function addedByLine(item: Pick<ListItem, 'addedBy'>, ownerId: string, name: (u: NonNullable<ListItem['addedBy']>) => string): string {
  if (!item.addedBy || item.addedBy.id === ownerId) return ''
  return `Added by ${name(item.addedBy)}`
}

/** signUpPath: where a visitor's call to action leads, back to the page after signing up. */
export function signUpPath(from: string): string {
  return `/login?mode=signup&next=${encodeURIComponent(from)}`
}
