import { activityTitle, type Activity } from '../../lib/feed'
import { shareFileName } from '../../lib/share'
import { Modal } from '../ui/Modal'
import { ShareImageCard } from './ShareImageCard'
import { useCardDownload } from './useCardDownload'

/**
 * ShareImageDialog: the share image card (SPEC §2 dialogs): a preview and a button that
 * saves the card as a PNG named from the title and 'review'. The capture works on an
 * exact 400 px copy kept off screen, so a phone's narrower preview does not change it.
 */
export function ShareImageDialog({ activity, onClose }: { activity: Activity; onClose: () => void }) {
  const title = activityTitle(activity).title
  const { captureRef, busy, download } = useCardDownload(shareFileName(title))

  return (
    <Modal title="Share as Image" description={`Save your card for ${title} and post it anywhere.`} onClose={onClose} className="max-w-md">
      <div className="flex justify-center">
        <ShareImageCard activity={activity} fluid />
      </div>
      <div aria-hidden="true" className="pointer-events-none fixed top-0 -left-[10000px]">
        <ShareImageCard activity={activity} ref={captureRef} />
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
