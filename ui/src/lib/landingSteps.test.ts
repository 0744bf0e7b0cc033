import { describe, expect, it } from 'vitest'
import { landingSteps } from './landingSteps'

const key = (k: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; defaultPrevented: boolean }> = {}) => {
  const e = { key: k, altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, prevented: false, ...mods, preventDefault: () => (e.prevented = true) }
  return e
}

/** run: a controller on a clock the test sets, and the indexes it reported. */
function run() {
  let now = 1000
  const seen: number[] = []
  const steps = landingSteps((i) => seen.push(i), () => now)
  return { steps, seen, later: (ms: number) => (now += ms) }
}

describe('landingSteps', () => {
  it('steps by wheel above 50 and keys, once per 500 ms lock', () => {
    const { steps, seen, later } = run()
    steps.wheel(40)
    steps.wheel(120)
    steps.wheel(120) // inside the lock
    later(501)
    const down = key('ArrowDown')
    steps.key(down)
    later(501)
    steps.key(key('ArrowUp'))
    expect(seen).toEqual([1, 2, 1])
    expect(down.prevented).toBe(true)
  })

  it('leaves keys with modifiers, other keys and handled keys alone', () => {
    const { steps, seen } = run()
    const cases = [key('ArrowDown', { ctrlKey: true }), key('ArrowDown', { altKey: true }), key('ArrowDown', { metaKey: true }), key('ArrowDown', { defaultPrevented: true }), key('Enter')]
    cases.forEach((e) => steps.key(e))
    expect(seen).toEqual([])
    expect(cases.map((e) => e.prevented)).toEqual([false, false, false, false, false])
  })

  it('steps by swipe above 70 px (40 px when fast), and jumps by dot', () => {
    const { steps, seen, later } = run()
    steps.touchStart(600, 0)
    steps.touchEnd(570, 100) // 30 px
    steps.touchStart(600, 0)
    steps.touchEnd(480, 400) // 120 px up
    later(501)
    steps.touchStart(400, 0)
    steps.touchEnd(450, 50) // 50 px in 50 ms, down
    later(501)
    steps.touchEnd(300, 10) // no start: nothing
    steps.jump(3)
    steps.jump(0) // inside the lock
    expect(seen).toEqual([1, 0, 3])
  })
})
