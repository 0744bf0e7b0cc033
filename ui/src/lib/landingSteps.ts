// The landing's section stepping wired to input, without a framework: the React landing
// (components/landing/useLandingSteps.ts) and the pre-rendered one (src/landing/static.ts)
// share it. The rules themselves are lib/landing's.
import { applyStep, goTo, initialStepState, stepFromKey, stepFromSwipe, stepFromWheel, type Step } from './landing'

interface KeyInput {
  key: string
  altKey: boolean
  ctrlKey: boolean
  metaKey: boolean
  defaultPrevented: boolean
  preventDefault(): void
}

/** LandingSteps: the inputs that move the landing, each a no-op when the rules say so. */
export interface LandingSteps {
  step: (s: Step) => void
  jump: (index: number) => void
  key: (e: KeyInput) => void
  wheel: (deltaY: number) => void
  touchStart: (y: number, time: number) => void
  touchEnd: (y: number, time: number) => void
}

/**
 * landingSteps keeps the current section (index 0–3 with the 500 ms lock) and calls
 * onChange with the new index after each move.
 */
export function landingSteps(onChange: (index: number) => void, now: () => number = Date.now): LandingSteps {
  let state = initialStepState
  let touch: { y: number; t: number } | null = null
  const set = (next: typeof state) => {
    if (next === state) return
    state = next
    onChange(state.index)
  }
  const step = (s: Step) => set(applyStep(state, s, now()))
  return {
    step,
    jump: (index) => set(goTo(state, index, now())),
    key(e) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      const s = stepFromKey(e.key)
      if (s === 0) return
      e.preventDefault()
      step(s)
    },
    wheel: (deltaY) => step(stepFromWheel(deltaY)),
    touchStart(y, time) {
      touch = { y, t: time }
    },
    touchEnd(y, time) {
      const start = touch
      touch = null
      if (start) step(stepFromSwipe(start.y - y, time - start.t))
    },
  }
}
