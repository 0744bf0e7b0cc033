import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { isUnauthorized } from '../../lib/api'
import { serverMessage } from '../../lib/apiErrors'
import type { EpisodeReview } from '../../lib/diary'
import { formatRating, hasRating, roundRating } from '../../lib/rating'
import { timeAgo } from '../../lib/time'
import { toast } from '../../lib/toast'
import { displayName } from '../../lib/users'
import { useCurrentUser } from '../../queries/auth'
import { useDeleteEpisodeReview, useEpisodeReview } from '../../queries/diary'
import { Avatar } from '../ui/Avatar'
import { StarIcon, TrashIcon } from '../ui/icons'
import { RatingInput } from './RatingInput'
import { ReviewField } from './ReviewField'

/**
 * unauthorizedLogin: SPEC §8 for episode cards: a lost session says so, then goes to sign
 * in after 500 ms.
 */
function unauthorizedLogin() {
  toast({ title: 'Error', description: 'Unauthorized: You are logged out. Logging in again...', variant: 'destructive' })
  setTimeout(() => window.location.assign('/api/login'), 500)
}

/**
 * EpisodeReviewForm: rate (0–10) and/or review one episode
 * (POST /api/tv-shows/{id}/episode-reviews). It needs a rating above 0 or some text.
 */
export function EpisodeReviewForm({
  tvId,
  seasonNumber,
  episodeNumber,
  episodeName,
  onDone,
}: {
  tvId: number
  seasonNumber: number
  episodeNumber: number
  episodeName: string | null
  onDone: () => void
}) {
  const [rating, setRating] = useState(0)
  const [review, setReview] = useState('')
  const save = useEpisodeReview(tvId)
  const ready = roundRating(rating) > 0 || review.trim() !== ''
  const label = `S${seasonNumber} E${episodeNumber}`

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (!ready || save.isPending) return
    try {
      await save.mutateAsync({
        seasonNumber,
        episodeNumber,
        episodeName: episodeName ?? undefined,
        rating: roundRating(rating),
        review: review.trim(),
      })
      toast({ title: 'Success', description: `Your review of ${label} is posted.` })
      onDone()
    } catch (err) {
      if (isUnauthorized(err)) unauthorizedLogin()
      else toast({ title: 'Error', description: serverMessage(err, 'Failed to add episode review'), variant: 'destructive' })
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={`Review ${label}`}
      className="mt-2 grid gap-4 rounded-box border border-base-300 bg-base-200/50 p-3"
    >
      <RatingInput value={rating} onChange={setRating} label="Episode rating" autoFocus />
      <ReviewField value={review} onChange={setReview} label="Episode review" rows={3} placeholder="What did you think of this episode?" />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {!ready && <p className="mr-auto text-xs text-base-content/60">Give a rating or write a review.</p>}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!ready || save.isPending}>
          {save.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Post Review
        </button>
      </div>
    </form>
  )
}

/**
 * EpisodeReviewList: the reviews of one episode, newest first, each with its author,
 * rating (X.X/10.0), text and age; the author alone gets Delete (SPEC §6).
 */
export function EpisodeReviewList({ tvId, reviews }: { tvId: number; reviews: EpisodeReview[] }) {
  const { data: me } = useCurrentUser()
  const remove = useDeleteEpisodeReview(tvId)
  if (reviews.length === 0) return null

  const onDelete = async (review: EpisodeReview) => {
    try {
      await remove.mutateAsync(review)
      toast({ title: 'Deleted', description: 'Your episode review is deleted.' })
    } catch (err) {
      if (isUnauthorized(err)) unauthorizedLogin()
      else toast({ title: 'Error', description: serverMessage(err, 'Failed to delete episode review'), variant: 'destructive' })
    }
  }

  return (
    <ul className="mt-2 grid gap-2" aria-label={`Reviews of episode ${reviews[0]?.episodeNumber ?? ''}`}>
      {reviews.map((review) => {
        const mine = review.user?.id === me?.id
        const name = displayName(review.user)
        return (
          <li key={review.id} className="flex gap-2.5 rounded-field bg-base-200/60 p-2.5" data-testid="episode-review">
            <Link to={`/profile/${review.user?.id ?? ''}`} tabIndex={-1} aria-hidden="true">
              <Avatar user={review.user} size="xs" />
            </Link>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 text-xs">
                <Link to={`/profile/${review.user?.id ?? ''}`} className="font-semibold link-hover">
                  {mine ? 'You' : name}
                </Link>
                {hasRating(review.rating) && (
                  <span className="inline-flex items-center gap-0.5 font-semibold">
                    <StarIcon className="size-3 fill-warning text-warning" />
                    <span className="sr-only">Rated </span>
                    {formatRating(review.rating)}
                  </span>
                )}
                <time dateTime={review.createdAt} className="text-base-content/60">
                  {timeAgo(review.createdAt)}
                </time>
              </p>
              {review.review && <p className="mt-1 text-sm break-words whitespace-pre-line">{review.review}</p>}
            </div>
            {mine && (
              <button
                type="button"
                className="btn btn-ghost btn-xs self-start text-error"
                aria-label={`Delete your review of episode ${review.episodeNumber}`}
                disabled={remove.isPending}
                onClick={() => void onDelete(review)}
              >
                <TrashIcon className="size-3.5" /> Delete
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
