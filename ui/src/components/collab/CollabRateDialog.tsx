import { useState, type FormEvent, type KeyboardEvent } from 'react'
import type { CatalogKind } from '../../lib/catalog'
import { canSubmitCollabRating } from '../../lib/collab'
import { toast } from '../../lib/toast'
import { useCollabRating } from '../../queries/collab'
import { RatingInput } from '../diary/RatingInput'
import { ReviewField } from '../diary/ReviewField'
import { Modal } from '../ui/Modal'

/** What the collaboration Rate dialog rates: a title, and whether the viewer already rated it. */
export interface CollabRateTarget {
  kind: CatalogKind
  titleId: number
  titleName?: string | null
  edit?: boolean
  initialRating?: number
  initialReview?: string | null
}

/**
 * CollabRateDialog: the Rate dialog for a collaboration (SPEC §2, §5): a rating from 0 to
 * 10 in steps of 0.1 (submit disabled at 0; Enter at 0 explains why), an optional review.
 * An invited friend adds their rating; a participant who already rated edits it. Render it
 * only while open; it closes itself after a successful save.
 */
export function CollabRateDialog({ target, onClose }: { target: CollabRateTarget; onClose: () => void }) {
  const [rating, setRating] = useState(target.initialRating ?? 0)
  const [review, setReview] = useState(target.initialReview ?? '')
  const save = useCollabRating()
  const ready = canSubmitCollabRating(rating)

  const required = () => toast({ title: 'Rating Required', description: 'Please provide a rating before submitting.', variant: 'destructive' })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (save.isPending) return
    if (!ready) return required()
    save.mutate({ kind: target.kind, titleId: target.titleId, rating, review, edit: target.edit }, { onSuccess: onClose })
  }

  // A disabled submit button blocks Enter's implicit submission; say why instead.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && !ready && e.target instanceof HTMLInputElement) {
      e.preventDefault()
      required()
    }
  }

  const name = target.titleName?.trim()
  return (
    <Modal
      title={target.edit ? 'Edit Your Rating' : 'Add Your Rating'}
      description={name ? `Rate ${name}. Ratings show once everyone has rated.` : 'Ratings show once everyone has rated.'}
      onClose={onClose}
    >
      <form className="grid gap-5" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
        <RatingInput value={rating} onChange={setRating} autoFocus />
        <ReviewField value={review ?? ''} onChange={setReview} />
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!ready || save.isPending}>
            {save.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Submit Rating
          </button>
        </div>
      </form>
    </Modal>
  )
}
