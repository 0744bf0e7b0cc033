import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { modalStack } from '../../lib/modalStack'
import { XIcon } from './icons'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement)
}

/** useAnyModalOpen: whether a Modal is open (the app frame turns inert meanwhile). */
export function useAnyModalOpen(): boolean {
  return useSyncExternalStore(modalStack.subscribe, modalStack.isOpen, () => false)
}

/**
 * Modal: an accessible dialog drawn over the page (a bottom sheet on phones). While it is
 * open the app frame is inert, Tab stays inside, Escape or a click outside closes it, and
 * focus returns to where it was. Render it only while open; its children mount fresh each
 * time. Focus starts on initialFocus, else on a child with autoFocus, else on the dialog.
 */
export function Modal({
  title,
  description,
  onClose,
  children,
  initialFocus,
  className = 'max-w-lg',
  closeLabel = 'Close',
}: {
  title: ReactNode
  description?: ReactNode
  onClose: () => void
  children: ReactNode
  initialFocus?: RefObject<HTMLElement | null>
  className?: string
  closeLabel?: string
}) {
  const id = useId()
  const titleId = `${id}-title`
  const descriptionId = `${id}-description`
  const boxRef = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const release = modalStack.push(id)
    const box = boxRef.current
    if (box && !box.contains(document.activeElement)) (initialFocus?.current ?? box).focus()

    const onKeyDown = (e: KeyboardEvent) => {
      if (!modalStack.isTop(id) || !box) return
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault()
        onCloseRef.current()
        return
      }
      if (e.key !== 'Tab') return
      const list = focusables(box)
      const first = list[0]
      const last = list[list.length - 1]
      if (!first || !last) {
        e.preventDefault()
        box.focus()
      } else if (!box.contains(document.activeElement)) {
        e.preventDefault()
        first.focus()
      } else if (e.shiftKey && (document.activeElement === first || document.activeElement === box)) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      release()
      // The frame stops being inert on the next render; focus can go back after it.
      setTimeout(() => {
        if (previous?.isConnected && !modalStack.isOpen()) previous.focus({ preventScroll: true })
      }, 0)
    }
    // initialFocus is read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])

  return createPortal(
    <div className="modal modal-open modal-bottom sm:modal-middle" role="presentation">
      <div
        ref={boxRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`modal-box w-full outline-none ${className}`}
      >
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
          <button type="button" className="btn btn-ghost btn-sm btn-circle -mt-1 -mr-2 shrink-0" aria-label={closeLabel} onClick={onClose}>
            <XIcon className="size-4" />
          </button>
        </div>
        {children}
      </div>
      <div className="modal-backdrop bg-black/40 backdrop-blur-[2px]" aria-hidden="true" onClick={onClose} />
    </div>,
    document.body,
  )
}
