import { useEffect, useState, type TouchEvent, type WheelEvent } from 'react'
import { landingSteps } from '../../lib/landingSteps'

/**
 * useLandingSteps wires wheel, arrow keys and swipes to the landing's stepping
 * (lib/landingSteps: index 0–3, 500 ms lock). It returns the index and the handlers to
 * spread on the full-screen container.
 */
export function useLandingSteps() {
  const [index, setIndex] = useState(0)
  const [steps] = useState(() => landingSteps(setIndex))

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => steps.key(e)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [steps])

  const handlers = {
    onWheel: (e: WheelEvent) => steps.wheel(e.deltaY),
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0]
      if (t) steps.touchStart(t.clientY, e.timeStamp)
    },
    onTouchEnd: (e: TouchEvent) => {
      const t = e.changedTouches[0]
      if (t) steps.touchEnd(t.clientY, e.timeStamp)
    },
  }

  return { index, step: steps.step, jump: steps.jump, handlers }
}
