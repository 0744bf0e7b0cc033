import { useCallback, useEffect, useRef, useState, type TouchEvent, type WheelEvent } from 'react'
import { applyStep, goTo, initialStepState, stepFromKey, stepFromSwipe, stepFromWheel, type Step } from '../../lib/landing'

/**
 * useLandingSteps wires wheel, arrow keys and swipes to the pure stepping rules of
 * lib/landing (index 0–3, 500 ms lock). It returns the index and the handlers to spread
 * on the full-screen container.
 */
export function useLandingSteps() {
  const [state, setState] = useState(initialStepState)
  const touch = useRef<{ y: number; t: number } | null>(null)

  const step = useCallback((s: Step) => setState((prev) => applyStep(prev, s, Date.now())), [])
  const jump = useCallback((index: number) => setState((prev) => goTo(prev, index, Date.now())), [])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      const s = stepFromKey(e.key)
      if (s !== 0) {
        e.preventDefault()
        step(s)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [step])

  const handlers = {
    onWheel: (e: WheelEvent) => step(stepFromWheel(e.deltaY)),
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0]
      if (t) touch.current = { y: t.clientY, t: e.timeStamp }
    },
    onTouchEnd: (e: TouchEvent) => {
      const start = touch.current
      const t = e.changedTouches[0]
      touch.current = null
      if (!start || !t) return
      step(stepFromSwipe(start.y - t.clientY, e.timeStamp - start.t))
    },
  }

  return { index: state.index, step, jump, handlers }
}
