import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useDismiss } from '../../hooks/useDismiss'
import { tooltipDelay } from '../../lib/tooltip'

// When the last tooltip closed, shared by every tooltip for the skip delay.
let lastClosedAt: number | null = null

/**
 * Tooltip: a label shown under its trigger after 700 ms of hover or keyboard focus (at
 * once when another tooltip closed less than 300 ms ago, SPEC §9); Escape or a press
 * elsewhere hides it, or keeps a pending one from showing. It repeats the trigger's accessible name for sighted users, so it is hidden from
 * assistive technology (which reads the name already).
 */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  // Shown or about to be: Escape and a press elsewhere count from the first moment.
  const [armed, setArmed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const rootRef = useRef<HTMLDivElement>(null)

  useEffect(() => () => clearTimeout(timer.current), [])

  const show = () => {
    clearTimeout(timer.current)
    setArmed(true)
    const delay = tooltipDelay(Date.now(), lastClosedAt)
    if (delay === 0) setOpen(true)
    else timer.current = setTimeout(() => setOpen(true), delay)
  }
  const hide = () => {
    clearTimeout(timer.current)
    setArmed(false)
    setOpen((was) => {
      if (was) lastClosedAt = Date.now()
      return false
    })
  }
  useDismiss(rootRef, armed, hide)

  return (
    <div ref={rootRef} className="relative" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {children}
      {open && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-full left-1/2 z-50 mt-2 -translate-x-1/2 rounded-field bg-neutral px-2 py-1 text-xs whitespace-nowrap text-neutral-content shadow"
        >
          {label}
        </div>
      )}
    </div>
  )
}
