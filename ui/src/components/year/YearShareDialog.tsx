import { yearFileName, type YearReview } from '../../lib/year'
import { useCardDownload } from '../share/useCardDownload'
import { Modal } from '../ui/Modal'
import { YearShareCard } from './YearShareCard'

/** YearShareDialog: a preview of the year's card and 'Download Image' (a 400 px PNG at scale 2). */
export function YearShareDialog({ review, onClose }: { review: YearReview; onClose: () => void }) {
  const { captureRef, busy, download } = useCardDownload(yearFileName(review.year))
  return (
    <Modal title="Share as Image" description={`Save your ${review.year} and post it anywhere.`} onClose={onClose} className="max-w-md">
      <div className="flex justify-center">
        <YearShareCard review={review} fluid />
      </div>
      <div aria-hidden="true" className="pointer-events-none fixed top-0 -left-[10000px]">
        <YearShareCard review={review} ref={captureRef} />
      </div>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void download()}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy ? 'Creating image…' : 'Download Image'}
        </button>
      </div>
    </Modal>
  )
}
