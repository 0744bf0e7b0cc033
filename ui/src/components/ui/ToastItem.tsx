import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { shouldDismissOnSwipe, toastStore, type Toast } from '../../lib/toast'
import { XIcon } from './iconBase'

/**
 * ToastItem: one toast of the Toaster (SPEC §9): it closes itself after its duration
 * (paused while pointed at or focused), on its close button, or when swiped right.
 */
export function ToastItem({ toast }: { toast: Toast }) {
  const [dx, setDx] = useState(0)
  const [paused, setPaused] = useState(false)
  const start = useRef<number | null>(null)

  useEffect(() => {
    if (paused || !Number.isFinite(toast.duration)) return
    const timer = setTimeout(() => toastStore.dismiss(toast.id), toast.duration)
    return () => clearTimeout(timer)
  }, [toast.id, toast.duration, paused])

  const onPointerDown = (e: ReactPointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return
    start.current = e.clientX
    e.currentTarget.setPointerCapture(e.pointerId)
    setPaused(true)
  }
  const onPointerMove = (e: ReactPointerEvent) => {
    if (start.current === null) return
    setDx(Math.max(0, e.clientX - start.current))
  }
  const onPointerUp = (e: ReactPointerEvent) => {
    if (start.current === null) return
    const moved = e.clientX - start.current
    start.current = null
    setPaused(false)
    if (shouldDismissOnSwipe(moved)) toastStore.dismiss(toast.id)
    else setDx(0)
  }

  const destructive = toast.variant === 'destructive'
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      aria-atomic="true"
      data-variant={toast.variant}
      className={`toast-enter pointer-events-auto relative flex touch-pan-y items-start gap-3 rounded-box border p-4 pr-10 shadow-xl select-none ${
        destructive ? 'border-error bg-error text-error-content' : 'border-base-300 bg-base-100 text-base-content'
      }`}
      style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - dx / 200) } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="grid gap-1">
        {toast.title && <div className="text-sm font-semibold">{toast.title}</div>}
        {toast.description && <div className="text-sm opacity-90">{toast.description}</div>}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle absolute top-2 right-2 text-current"
        aria-label="Close notification"
        onClick={() => toastStore.dismiss(toast.id)}
      >
        <XIcon className="size-4" />
      </button>
    </div>
  )
}
