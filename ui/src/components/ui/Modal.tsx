import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { trackOpenDialog } from '../../lib/dialogs'
import { XIcon } from './icons'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Modal: a native <dialog> shown with showModal() in daisyUI's modal (a bottom sheet on
 * phones). The browser puts it in the top layer, makes the rest of the page inert, closes
 * the top dialog on Escape (a dialog opened from a dialog closes first) and gives focus
 * back to the opener on closing. On top of that, Tab cycles inside it (the browser would
 * let it out to its own toolbar after the last control) and a click outside closes it.
 *
 * Render it only while open; its children mount fresh each time, once the dialog is shown,
 * so a child's autoFocus works. Focus starts on a child with autoFocus, else on
 * initialFocus, else on the dialog itself. A dialog that is not dismissible (Complete Your
 * Profile) has no close button and ignores Escape and clicks outside: the caller unmounts it.
 */
export function Modal({
  title,
  description,
  onClose,
  children,
  initialFocus,
  className = 'max-w-lg',
  closeLabel = 'Close',
  dismissible = true,
}: {
  title: ReactNode
  description?: ReactNode
  onClose: () => void
  children: ReactNode
  initialFocus?: RefObject<HTMLElement | null>
  className?: string
  closeLabel?: string
  dismissible?: boolean
}) {
  const id = useId()
  const titleId = `${id}-title`
  const descriptionId = `${id}-description`
  const ref = useRef<HTMLDialogElement>(null)
  const [shown, setShown] = useState(false)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // Where the browser supports it, closedby="none" keeps Escape from closing a blocking
    // dialog however often it is pressed; the cancel and keydown guards cover the others.
    if (!dismissible) dialog.setAttribute('closedby', 'none')
    const onCancel = (e: Event) => {
      if (!dismissible) e.preventDefault()
    }
    const onNativeClose = () => {
      if (dismissible) onCloseRef.current()
      else if (dialog.isConnected) dialog.showModal()
    }
    dialog.addEventListener('cancel', onCancel)
    dialog.addEventListener('close', onNativeClose)
    dialog.showModal()
    const untrack = trackOpenDialog(dialog)
    setShown(true)
    return () => {
      untrack()
      dialog.removeEventListener('cancel', onCancel)
      dialog.removeEventListener('close', onNativeClose)
      // Closing before React removes it gives focus back to the opener.
      dialog.close()
    }
    // dismissible is read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useLayoutEffect(() => {
    // After the children mounted: a child's autoFocus has taken focus, else initialFocus.
    if (shown && document.activeElement === ref.current) initialFocus?.current?.focus()
    // initialFocus is read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown])

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = e.currentTarget
    // Keys from a dialog opened from this one reach it through React's tree: not ours.
    if (!dialog.contains(e.target as Node)) return
    if (e.key === 'Escape' && !dismissible) {
      e.preventDefault()
      return
    }
    if (e.key !== 'Tab' || e.defaultPrevented) return
    const list = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.checkVisibility())
    const first = list[0]
    const last = list[list.length - 1]
    const active = document.activeElement
    if (!first || !last) {
      e.preventDefault()
    } else if (e.shiftKey && (active === first || active === dialog)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && active === last) {
      e.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      className="modal modal-bottom outline-none sm:modal-middle"
      onKeyDown={onKeyDown}
    >
      {shown && (
        <>
          <div className={`modal-box w-full ${className}`}>
            <div className="mb-4 flex items-start justify-between gap-4">
              <div className="min-w-0">
                <h2 id={titleId} className="text-xl font-bold">
                  {title}
                </h2>
                {description && (
                  <p id={descriptionId} className="mt-1 text-sm text-base-content/70">
                    {description}
                  </p>
                )}
              </div>
              {dismissible && (
                <button type="button" className="btn btn-ghost btn-sm btn-circle -mt-1 -mr-2 shrink-0" aria-label={closeLabel} onClick={onClose}>
                  <XIcon className="size-4" />
                </button>
              )}
            </div>
            {children}
          </div>
          <div className="modal-backdrop bg-black/40 backdrop-blur-[2px]" aria-hidden="true" onClick={dismissible ? onClose : undefined} />
        </>
      )}
    </dialog>,
    document.body,
  )
}
