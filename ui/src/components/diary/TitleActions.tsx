import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { serverMessage } from '../../lib/apiErrors'
import { excerpt, findEntry, fullDayLabel, type PickedTitle, type WatchEntry } from '../../lib/diary'
import { formatRating, hasDetails, hasRating, statusLabel, type EntryPayload } from '../../lib/rating'
import { toast } from '../../lib/toast'
import { RecommendButton } from '../collab/RecommendDialog'
import { entriesQuery, useLogEntry, useRemoveEntry } from '../../queries/diary'
import { BookmarkIcon, CheckIcon, PlusIcon, StarIcon, XIcon } from '../ui/icons'
import { openAddDialog, preloadAddDialog } from './addDialogStore'
import { EditReviewDialog } from './EditReviewDialog'
import { RateDialog } from './RateDialog'
import type { ReviewValues } from './ReviewForm'

const statusBadge: Record<WatchEntry['status'], string> = {
  watched: 'badge-success',
  plan_to_watch: 'badge-info',
  currently_watching: 'badge-warning',
  dropped: 'badge-neutral',
}

/**
 * TitleActions: on a movie or TV page, what the member can do with the title: 'Log' (the
 * add dialog, this title picked, status watched), 'Add to Watchlist' (at once), and once
 * it is in their lists its status, Rate / Edit Review for a watched title, and Remove;
 * 'Recommend' sends it to people they follow.
 */
export function TitleActions({ title }: { title: PickedTitle }) {
  const entries = useQuery(entriesQuery(title.kind))
  const entry = findEntry(entries.data, title.kind, title.id)
  const log = useLogEntry()
  const remove = useRemoveEntry()
  const [dialog, setDialog] = useState<'rate' | 'edit' | null>(null)
  const idField = title.kind === 'movie' ? { movieId: title.id } : { tvShowId: title.id }
  const failed = title.kind === 'movie' ? 'Failed to add movie' : 'Failed to add TV show'

  const addToWatchlist = async () => {
    try {
      await log.mutateAsync({ kind: title.kind, payload: { ...idField, status: 'plan_to_watch' } })
      toast({ title: 'Added to Watchlist', description: `${title.title} is on your watchlist.` })
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, failed), variant: 'destructive' })
    }
  }

  const removeEntry = async () => {
    try {
      await remove.mutateAsync({ kind: title.kind, id: title.id })
      toast({ title: 'Removed', description: `${title.title} is no longer in your lists.` })
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, 'Failed to remove title'), variant: 'destructive' })
    }
  }

  // Rating or editing keeps everything else of the watch: its status, day and friends
  // (the same day's diary row is corrected rather than a rewatch added).
  const saveReview = async ({ rating, review }: ReviewValues) => {
    if (!entry) return
    const payload: EntryPayload = {
      ...idField,
      status: entry.status === 'dropped' ? 'dropped' : 'watched',
      rating,
      review,
      watchedWith: (entry.watchedWith ?? []).map((u) => u.id),
    }
    if (entry.watchedAt) payload.watchedAt = entry.watchedAt
    try {
      await log.mutateAsync({ kind: title.kind, payload })
      toast({ title: 'Review Saved', description: `Your rating and review of ${title.title} are saved.` })
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, 'Failed to update review'), variant: 'destructive' })
      throw err
    }
  }

  const status = entry?.status
  const busy = log.isPending || remove.isPending
  return (
    <div className="mt-5 grid gap-3" data-testid="title-actions">
      {entry && <EntryStatus entry={entry} />}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => openAddDialog({ title, status: 'watched' })}
          onPointerEnter={preloadAddDialog}
          onFocus={preloadAddDialog}
        >
          <PlusIcon className="size-4" /> Log
        </button>
        {status === 'plan_to_watch' ? (
          <button type="button" className="btn btn-soft" disabled>
            <CheckIcon className="size-4" /> On Watchlist
          </button>
        ) : (
          status !== 'watched' && (
            <button type="button" className="btn btn-outline" disabled={busy || entries.isPending} onClick={() => void addToWatchlist()}>
              <BookmarkIcon className="size-4" /> Add to Watchlist
            </button>
          )
        )}
        {entry && hasDetails(entry.status) && (
          <>
            <button type="button" className="btn btn-outline" onClick={() => setDialog('rate')}>
              <StarIcon className="size-4" /> Rate
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setDialog('edit')}>
              Edit Review
            </button>
          </>
        )}
        <RecommendButton title={title} />
        {entry && (
          <button type="button" className="btn btn-ghost text-error" disabled={busy} onClick={() => void removeEntry()}>
            <XIcon className="size-4" /> Remove
          </button>
        )}
      </div>
      {entry && dialog === 'rate' && (
        <RateDialog titleName={title.title} initialRating={entry.rating} initialReview={entry.review} onSave={saveReview} onClose={() => setDialog(null)} />
      )}
      {entry && dialog === 'edit' && (
        <EditReviewDialog titleName={title.title} initialRating={entry.rating} initialReview={entry.review} onSave={saveReview} onClose={() => setDialog(null)} />
      )}
    </div>
  )
}

/** EntryStatus: where the title stands in the member's lists. */
function EntryStatus({ entry }: { entry: WatchEntry }) {
  const day = entry.watchedAt ? fullDayLabel(entry.watchedAt) : ''
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="entry-status" aria-live="polite">
      <span className="text-base-content/60">In your lists:</span>
      <span className={`badge badge-soft ${statusBadge[entry.status]}`}>{statusLabel(entry.status)}</span>
      {hasDetails(entry.status) && day && <span className="text-base-content/70">{day}</span>}
      {hasRating(entry.rating) && (
        <span className="inline-flex items-center gap-1 font-semibold">
          <StarIcon className="size-3.5 fill-warning text-warning" />
          <span className="sr-only">Your rating </span>
          {formatRating(entry.rating)}
        </span>
      )}
      {entry.review && <span className="w-full text-base-content/70 italic">“{excerpt(entry.review, 140)}”</span>}
    </div>
  )
}
