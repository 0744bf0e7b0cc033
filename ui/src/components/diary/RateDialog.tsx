import { Modal } from '../ui/Modal'
import { ReviewForm, type ReviewValues } from './ReviewForm'

/**
 * RateDialog: rate a watched title from 0 to 10 (step 0.1, shown as X.X/10.0), with an
 * optional review. The caller saves it. Render it only while open.
 */
export function RateDialog({
  titleName,
  initialRating,
  initialReview,
  onSave,
  onClose,
}: {
  titleName: string
  initialRating: number
  initialReview: string
  onSave: (values: ReviewValues) => Promise<void>
  onClose: () => void
}) {
  return (
    <Modal title={`Rate ${titleName}`} description="0 means no rating." onClose={onClose}>
      <ReviewForm
        initialRating={initialRating}
        initialReview={initialReview}
        submitLabel="Save Rating"
        onCancel={onClose}
        onSave={async (values) => {
          await onSave(values)
          onClose()
        }}
      />
    </Modal>
  )
}
