import { yearFileName, type YearReview } from '../../lib/year'
import { CardDialog } from '../share/CardDialog'
import { YearShareCard } from './YearShareCard'

/** YearShareDialog: a preview of the year's card and 'Download Image' (a 400 px PNG at scale 2). */
export function YearShareDialog({ review, onClose }: { review: YearReview; onClose: () => void }) {
  return (
    <CardDialog
      description={`Save your ${review.year} and post it anywhere.`}
      fileName={yearFileName(review.year)}
      onClose={onClose}
      card={(props) => <YearShareCard review={review} {...props} />}
    />
  )
}
