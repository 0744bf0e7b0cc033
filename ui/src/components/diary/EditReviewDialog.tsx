import { Modal } from '../ui/Modal'
import { ReviewForm, type ReviewValues } from './ReviewForm'

/**
 * EditReviewDialog: 'Edit Review' (SPEC §2): change the review and the rating of something
 * already logged. It knows nothing of where the review lives: the caller saves it
 * (a watch entry here; a feed post's Edit Post reuses it). Render it only while open.
 */
export function EditReviewDialog({
  titleName,
  initialRating,
  initialReview,
  onSave,
  onClose,
}: {
  /** The movie or show the review is about, shown under the heading. */
  titleName?: string
  initialRating: number
  initialReview: string
  onSave: (values: ReviewValues) => Promise<void>
  onClose: () => void
}) {
  return (
    <Modal title="Edit Review" description={titleName} onClose={onClose}>
      <ReviewForm
        initialRating={initialRating}
        initialReview={initialReview}
        submitLabel="Save Changes"
        reviewFirst
        onCancel={onClose}
        onSave={async (values) => {
          await onSave(values)
          onClose()
        }}
      />
    </Modal>
  )
}
