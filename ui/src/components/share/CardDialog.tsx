import type { ReactNode, Ref } from 'react'
import { Modal } from '../ui/Modal'
import { useCardDownload } from './useCardDownload'

/**
 * CardDialog: what every 'Share as Image' dialog is: a preview of the card and 'Download
 * Image', which saves it as fileName. card renders the card: fluid for the preview (it
 * may shrink on narrow phones), and with ref at exactly 400 px for the copy kept off
 * screen that the capture works on, so the preview's width does not change the image.
 */
export function CardDialog({
  description,
  fileName,
  onClose,
  card,
}: {
  description: string
  fileName: string
  onClose: () => void
  card: (props: { fluid?: boolean; ref?: Ref<HTMLDivElement> }) => ReactNode
}) {
  const { captureRef, busy, download } = useCardDownload(fileName)
  return (
    <Modal title="Share as Image" description={description} onClose={onClose} className="max-w-md">
      <div className="flex justify-center">{card({ fluid: true })}</div>
      <div aria-hidden="true" className="pointer-events-none fixed top-0 -left-[10000px]">
        {card({ ref: captureRef })}
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
