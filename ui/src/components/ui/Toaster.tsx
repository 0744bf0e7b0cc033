import { lazy, Suspense, useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useToasts } from '../../hooks/useToast'
import { useTopDialog } from '../../lib/dialogs'

// The viewport and its live region are in the page from the start (screen readers only
// announce changes to a region they already know); a toast's own code loads with the
// first toast (first-load JavaScript budget).
const ToastItem = lazy(() => import('./ToastItem').then((m) => ({ default: m.ToastItem })))

/**
 * Toaster: the toast viewport (SPEC §9): one toast at a time, bottom right (top on
 * phones, above the bottom bar), at most 420 px wide, F8 moves focus to it, and a toast
 * can be swiped to the right to close it. While a modal dialog is open the viewport lives
 * inside the top one: everything outside it is inert and under it (lib/dialogs).
 */
export function Toaster() {
  const toasts = useToasts()
  const viewport = useRef<HTMLDivElement>(null)
  const dialog = useTopDialog()

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault()
        viewport.current?.focus()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const open = toasts.filter((t) => t.open)
  const section = (
    <section aria-label="Notifications (F8)" className="pointer-events-none fixed inset-x-0 top-0 z-[1100] flex justify-center p-4 md:inset-x-auto md:top-auto md:right-0 md:bottom-0">
      <div
        ref={viewport}
        tabIndex={-1}
        className="flex w-full max-w-[420px] flex-col gap-2 outline-none"
        aria-live="polite"
        aria-atomic="false"
      >
        <Suspense fallback={null}>
          {open.map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
        </Suspense>
      </div>
    </section>
  )
  return dialog ? createPortal(section, dialog) : section
}
