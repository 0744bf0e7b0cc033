import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { collabKind, sortRatings, waitingMessage, type CollabData, type ParticipantRating } from '../../lib/collab'
import type { Activity } from '../../lib/feed'
import { hasRating } from '../../lib/rating'
import { displayName } from '../../lib/users'
import { friendRatingsQuery, useDeclineCollaboration } from '../../queries/collab'
import { ReviewText } from '../feed/CardParts'
import { Stars } from '../feed/Stars'
import { Avatar } from '../ui/Avatar'
import { ClockIcon, StarIcon } from '../ui/icons'
import { lazyDialog } from '../ui/lazyDialog'
import type { CollabRateTarget } from './CollabRateDialog'

const CollabRateDialog = lazyDialog(() => import('./CollabRateDialog').then((m) => m.CollabRateDialog))

/**
 * CollabBox: the ratings part of a collaborative post (SPEC §4). While the collaboration is
 * pending every rating stays hidden: an invited friend who can rate sees 'Add Your Rating'
 * and 'Decline', everyone else a line naming who has still to rate. After the reveal all
 * participants' ratings show side by side; only the viewer's own can be edited.
 */
export function CollabBox({ activity, currentUserId, titleName }: { activity: Activity; currentUserId: string; titleName: string }) {
  const d = (activity.data ?? {}) as CollabData
  const kind = collabKind(activity.type)
  const titleId = Number((kind === 'movie' ? d.movieId : d.tvShowId) ?? 0)
  const [dialog, setDialog] = useState<CollabRateTarget | null>(null)
  const decline = useDeclineCollaboration()
  const revealed = sortRatings(d.allParticipantRatings, currentUserId)
  const watchedWith = (d.watchedWith ?? []).filter(Boolean)
  // Older posts may lack the list: fall back on the friends' visible ratings (SPEC §7).
  const friends = useQuery({ ...friendRatingsQuery(kind, titleId, watchedWith.length), enabled: !d.isCollaborationPending && revealed.length === 0 && watchedWith.length > 0 && titleId > 0 })
  const ratings: ParticipantRating[] =
    revealed.length > 0
      ? revealed
      : [
          ...(hasRating(d.rating) ? [{ userId: activity.userId, user: activity.user, rating: d.rating, review: d.review }] : []),
          ...(friends.data ?? []).filter((f) => f.user?.id !== activity.userId).map((f) => ({ userId: f.user?.id ?? '', user: f.user, rating: f.rating, review: f.review })),
        ]

  const open = (edit: boolean, own?: ParticipantRating) =>
    setDialog({ kind, titleId, titleName, edit, initialRating: own?.rating ?? 0, initialReview: own?.review ?? '' })

  return (
    <>
      {d.isCollaborationPending ? (
        <div className="mt-3 rounded-box border border-dashed border-primary/40 bg-primary/5 p-3 text-sm" data-testid="collab-pending">
          <p className="flex items-center gap-2 font-medium">
            <ClockIcon className="size-4 text-primary" />
            Ratings are revealed once everyone has rated.
          </p>
          {d.currentUserCanRate ? (
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={titleId <= 0}
                onPointerEnter={CollabRateDialog.preload}
                onFocus={CollabRateDialog.preload}
                onClick={() => open(false)}
              >
                <StarIcon className="size-4" /> Add Your Rating
              </button>
              <button
                type="button"
                className="link link-hover text-base-content/70"
                disabled={decline.isPending}
                onClick={() => decline.mutate(activity.id)}
              >
                Decline
              </button>
            </div>
          ) : (
            <p className="mt-1 text-base-content/70">{waitingMessage(d.pendingFriends)}</p>
          )}
        </div>
      ) : (
        ratings.length > 0 && (
          <ul className="mt-3 grid gap-2 sm:grid-cols-2" aria-label="Participant ratings" data-testid="collab-ratings">
            {ratings.map((r) => {
              const own = r.userId === currentUserId
              const name = displayName(r.user)
              return (
                <li key={r.userId || name} className="rounded-box bg-base-200/60 p-3">
                  <div className="flex items-center gap-2">
                    {r.userId ? (
                      <Link to={`/profile/${r.userId}`} className="flex min-w-0 items-center gap-2 font-semibold hover:underline">
                        <Avatar user={r.user} size="xs" alt="" />
                        <span className="truncate">{own ? `${name} (you)` : name}</span>
                      </Link>
                    ) : (
                      <span className="font-semibold">{name}</span>
                    )}
                    {own && titleId > 0 && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-xs ml-auto"
                        aria-label="Edit your rating"
                        onPointerEnter={CollabRateDialog.preload}
                        onFocus={CollabRateDialog.preload}
                        onClick={() => open(true, r)}
                      >
                        Edit
                      </button>
                    )}
                  </div>
                  {hasRating(r.rating) && <Stars rating={r.rating} className="mt-1 flex" />}
                  <ReviewText text={r.review} />
                </li>
              )
            })}
          </ul>
        )
      )}
      {dialog && <CollabRateDialog target={dialog} onClose={() => setDialog(null)} />}
    </>
  )
}
