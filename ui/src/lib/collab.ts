// Collaboration and recommendation rules (SPEC §3 Activity collaboration fields, §4
// Collaboration, §5 collaboration rating): which posts are collaborations, what the pending
// box says, what a collaborator's rating sends.
import type { CatalogKind } from './catalog'
import type { ActivityData, ActivityUser } from './feed'
import { roundRating } from './rating'
import { displayName, type UserLike } from './users'

/** SPEC §3: the activity types a watch with friends creates. */
export const COLLABORATION_ACTIVITY_TYPES = ['collaborative_movie', 'collaborative_tv'] as const

/** isCollaboration: whether an activity type is a watch with friends. */
export function isCollaboration(type: string): boolean {
  return (COLLABORATION_ACTIVITY_TYPES as readonly string[]).includes(type)
}

/** One participant's rating, shown once everyone has rated. */
export interface ParticipantRating {
  userId: string
  user: ActivityUser | null
  rating: number
  review?: string | null
}

/** The collaboration fields of an activity's data, computed for the viewer (SPEC §3). */
export interface CollabData extends ActivityData {
  isCollaborationPending?: boolean | null
  currentUserCanRate?: boolean | null
  pendingFriends?: ActivityUser[] | null
  allParticipantRatings?: ParticipantRating[] | null
}

/** collabKind: a collaboration post's title kind. */
export function collabKind(type: string): CatalogKind {
  return type === 'collaborative_tv' ? 'tv' : 'movie'
}

/** kindOfEntity: the title kind a notification's entityType names, if any. */
export function kindOfEntity(entityType: string): CatalogKind | null {
  if (entityType === 'movie') return 'movie'
  if (entityType === 'tv_show') return 'tv'
  return null
}

/** joinNames: 'Bea', 'Bea and Cy', 'Bea, Cy and Dan'. */
export function joinNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** waitingMessage: the pending box's line for a member who cannot rate (SPEC §4). */
export function waitingMessage(pending: readonly UserLike[] | null | undefined): string {
  const names = (pending ?? []).filter(Boolean).map((u) => displayName(u))
  return names.length ? `Waiting for ${joinNames(names)} to rate` : 'Waiting for everyone to rate'
}

/** canSubmitCollabRating: SPEC §5, a collaboration rating must be above 0. */
export function canSubmitCollabRating(rating: number): boolean {
  return roundRating(rating) > 0
}

/** The body of a collaborator's rating (POST /api/user-movies, /api/tv-shows, PATCH). */
export interface CollabRatingBody {
  status: 'watched'
  rating: number
  review?: string
}

/** collabRatingBody: rating rounded to one decimal; the review trimmed, and left out when empty. */
export function collabRatingBody(rating: number, review: string): CollabRatingBody {
  const body: CollabRatingBody = { status: 'watched', rating: roundRating(rating) }
  const text = review.trim()
  if (text) body.review = text
  return body
}

/** sortRatings: the viewer's own entry first, then the others in the server's order. */
export function sortRatings(list: readonly ParticipantRating[] | null | undefined, viewerId: string): ParticipantRating[] {
  const all = [...(list ?? [])]
  return [...all.filter((r) => r.userId === viewerId), ...all.filter((r) => r.userId !== viewerId)]
}

/** SPEC §3: the notification types a collaboration invite sends. */
export const COLLABORATION_NOTIFICATION_TYPES: ReadonlySet<string> = new Set(['movie_collaboration', 'tv_collaboration'])
