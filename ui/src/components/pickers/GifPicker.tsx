import { lazy, Suspense, useState, type ReactNode } from 'react'
import type { PickedGif } from '../../lib/gifPicker'

const GifPickerDialog = lazy(() => import('./GifPickerDialog'))

/** What a caller-supplied trigger receives. */
export interface GifTriggerProps {
  onClick: () => void
  'aria-haspopup': 'dialog'
  'aria-expanded': boolean
}

/**
 * GifPicker: a trigger (the caller's, else a small ghost icon button) that opens the GIF
 * dialog (SPEC §2, §4). The dialog's code loads on first open; it starts closed.
 */
export function GifPicker({
  onSelect,
  trigger,
  disabled = false,
}: {
  onSelect: (gif: PickedGif) => void
  trigger?: (props: GifTriggerProps) => ReactNode
  disabled?: boolean
}) {
  const [open, setOpen] = useState(false)
  const props: GifTriggerProps = { onClick: () => setOpen(true), 'aria-haspopup': 'dialog', 'aria-expanded': open }
  return (
    <>
      {trigger ? (
        trigger(props)
      ) : (
        <button type="button" className="btn btn-ghost btn-sm btn-square text-xs font-bold" aria-label="Add a GIF" title="Add a GIF" disabled={disabled} {...props}>
          GIF
        </button>
      )}
      {open && (
        <Suspense fallback={null}>
          <GifPickerDialog
            onClose={() => setOpen(false)}
            onSelect={(gif) => {
              setOpen(false)
              onSelect(gif)
            }}
          />
        </Suspense>
      )}
    </>
  )
}
