import { useState, type FormEvent } from 'react'
import { roundRating } from '../../lib/rating'
import { RatingInput } from './RatingInput'
import { ReviewField } from './ReviewField'

/** What the rate and edit-review dialogs hand back. */
export interface ReviewValues {
  rating: number
  review: string
}

/**
 * ReviewForm: the rating control and the review, shared by the Rate and Edit Review
 * dialogs. onSave resolves when saved (the dialog then closes) and rejects on failure
 * (the caller has said why; the form stays as typed).
 */
export function ReviewForm({
  initialRating,
  initialReview,
  onSave,
  onCancel,
  submitLabel,
  reviewFirst = false,
}: {
  initialRating: number
  initialReview: string
  onSave: (values: ReviewValues) => Promise<void>
  onCancel: () => void
  submitLabel: string
  /** Edit Review puts the review first and focuses it; Rate starts on the rating. */
  reviewFirst?: boolean
}) {
  const [rating, setRating] = useState(roundRating(initialRating))
  const [review, setReview] = useState(initialReview)
  const [saving, setSaving] = useState(false)

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    if (saving) return
    setSaving(true)
    try {
      await onSave({ rating: roundRating(rating), review: review.trim() })
    } catch {
      // the caller has told the member; keep what they typed
    } finally {
      setSaving(false)
    }
  }

  const ratingField = <RatingInput key="rating" value={rating} onChange={setRating} autoFocus={!reviewFirst} />
  const reviewField = <ReviewField key="review" value={review} onChange={setReview} rows={reviewFirst ? 6 : 4} autoFocus={reviewFirst} />
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
      {reviewFirst ? [reviewField, ratingField] : [ratingField, reviewField]}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
