import { useId, useRef, useState, type FormEvent } from 'react'
import { fieldError, serverMessage } from '../../lib/apiErrors'
import type { CatalogKind } from '../../lib/catalog'
import type { PickedTitle } from '../../lib/diary'
import {
  buildEntryPayload,
  hasDetails,
  isFutureDate,
  localDateISO,
  STATUS_OPTIONS,
  validateAdd,
  type WatchStatus,
} from '../../lib/rating'
import { toast } from '../../lib/toast'
import { useLogEntry } from '../../queries/diary'
import { Modal } from '../ui/Modal'
import type { AddDialogPreset } from './addDialogStore'
import { RatingInput } from './RatingInput'
import { ReviewField } from './ReviewField'
import { TitlePicker } from './TitlePicker'
import { WatchedWithPicker } from './WatchedWithPicker'

// SPEC §8: the add dialog's toasts, word for word.
const copy: Record<CatalogKind, { success: string; failure: string; submit: string }> = {
  movie: { success: 'Movie added successfully!', failure: 'Failed to add movie', submit: 'Add Movie' },
  tv: { success: 'TV show added successfully!', failure: 'Failed to add TV show', submit: 'Add TV Show' },
}

/**
 * AddDialog: 'Add Movie or TV Show' (SPEC §2, §5, §8). Pick a movie or show, a status,
 * and for watched or dropped a rating, a review, the day and who you watched it with.
 * POST /api/user/movies or /api/user/tv-shows; the toasts say how it went.
 */
export default function AddDialog({ preset, onClose }: { preset: AddDialogPreset; onClose: () => void }) {
  const [kind, setKind] = useState<CatalogKind>(preset.title?.kind ?? preset.kind ?? 'movie')
  const [picked, setPicked] = useState<PickedTitle | null>(preset.title ?? null)
  const [status, setStatus] = useState<WatchStatus>(preset.status ?? 'watched')
  const [rating, setRating] = useState(0)
  const [review, setReview] = useState('')
  const [watchedAt, setWatchedAt] = useState('')
  const [watchedWith, setWatchedWith] = useState<string[]>([])
  const [dateError, setDateError] = useState<string | undefined>()
  const searchRef = useRef<HTMLInputElement>(null)
  const statusRef = useRef<HTMLSelectElement>(null)
  const log = useLogEntry()
  const id = useId()
  const text = copy[kind]
  const details = hasDetails(status)
  const today = localDateISO()
  const error = log.error

  const onKindChange = (next: CatalogKind) => {
    setKind(next)
    if (picked && picked.kind !== next) setPicked(null)
    log.reset()
  }

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (log.isPending) return
    const problem = validateAdd({ kind, titleId: picked?.id ?? null })
    if (problem || !picked) {
      toast({ title: 'Error', description: problem ?? undefined, variant: 'destructive' })
      searchRef.current?.focus()
      return
    }
    if (details && isFutureDate(watchedAt)) {
      setDateError('The watched date cannot be in the future.')
      return
    }
    setDateError(undefined)
    try {
      await log.mutateAsync({
        kind,
        payload: buildEntryPayload({ kind, titleId: picked.id, status, rating, review, watchedWith, watchedAt }),
      })
      toast({ title: 'Success', description: text.success })
      onClose()
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, text.failure), variant: 'destructive' })
    }
  }

  return (
    <Modal
      title="Add Movie or TV Show"
      description="Log what you watched, or save it for later."
      onClose={onClose}
      initialFocus={picked ? statusRef : searchRef}
      className="max-w-xl"
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <TitlePicker kind={kind} onKindChange={onKindChange} picked={picked} onPick={setPicked} searchRef={searchRef} />

        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            Status
          </label>
          <select
            ref={statusRef}
            id={`${id}-status`}
            className="select w-full"
            value={status}
            onChange={(e) => setStatus(e.target.value as WatchStatus)}
          >
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {fieldError(error, 'status') && <p className="text-sm text-error">{fieldError(error, 'status')}</p>}
        </div>

        {details && (
          <>
            <RatingInput value={rating} onChange={setRating} error={fieldError(error, 'rating')} />
            <ReviewField value={review} onChange={setReview} error={fieldError(error, 'review')} />
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-date`} className="text-sm font-medium">
                {status === 'dropped' ? 'Date dropped' : 'Date watched'}{' '}
                <span className="font-normal text-base-content/60">(optional)</span>
              </label>
              <input
                id={`${id}-date`}
                type="date"
                className={`input w-full ${dateError || fieldError(error, 'watchedAt') ? 'input-error' : ''}`}
                max={today}
                value={watchedAt}
                aria-describedby={`${id}-date-hint`}
                onChange={(e) => {
                  setWatchedAt(e.target.value)
                  setDateError(undefined)
                }}
              />
              <p id={`${id}-date-hint`} className={`text-xs ${dateError || fieldError(error, 'watchedAt') ? 'text-error' : 'text-base-content/60'}`}>
                {dateError ?? fieldError(error, 'watchedAt') ?? 'Leave blank for today.'}
              </p>
            </div>
            <WatchedWithPicker value={watchedWith} onChange={setWatchedWith} error={fieldError(error, 'watchedWith')} onNavigate={onClose} />
          </>
        )}

        <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end gap-2 border-t border-base-300 bg-base-100 px-6 py-4">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={log.isPending}>
            {log.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {text.submit}
          </button>
        </div>
      </form>
    </Modal>
  )
}
