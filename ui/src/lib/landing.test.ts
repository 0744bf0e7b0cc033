import { describe, expect, it } from 'vitest'
import {
  applyStep,
  FLOATING_EMOJIS,
  floatingEmojiCount,
  floatingEmojiLayout,
  goTo,
  initialStepState,
  stepFromKey,
  stepFromSwipe,
  stepFromWheel,
} from './landing'

describe('applyStep', () => {
  it('steps forward and locks for 500 ms', () => {
    const s1 = applyStep(initialStepState, 1, 1000)
    expect(s1).toEqual({ index: 1, lockedUntil: 1500 })
    expect(applyStep(s1, 1, 1499)).toBe(s1)
    expect(applyStep(s1, 1, 1500)).toEqual({ index: 2, lockedUntil: 2000 })
  })

  it('stays within 0 to 3', () => {
    expect(applyStep(initialStepState, -1, 1000)).toBe(initialStepState)
    const last = { index: 3, lockedUntil: 0 }
    expect(applyStep(last, 1, 1000)).toBe(last)
    expect(applyStep(last, -1, 1000)).toEqual({ index: 2, lockedUntil: 1500 })
  })

  it('ignores a zero step', () => {
    expect(applyStep(initialStepState, 0, 1000)).toBe(initialStepState)
  })
})

describe('goTo', () => {
  it('jumps, clamps and honours the lock', () => {
    expect(goTo(initialStepState, 3, 100)).toEqual({ index: 3, lockedUntil: 600 })
    expect(goTo(initialStepState, 9, 100).index).toBe(3)
    expect(goTo({ index: 1, lockedUntil: 500 }, 3, 400)).toEqual({ index: 1, lockedUntil: 500 })
  })
})

describe('stepFromWheel', () => {
  it.each([
    [51, 1],
    [50, 0],
    [0, 0],
    [-50, 0],
    [-120, -1],
  ])('%i → %i', (delta, step) => {
    expect(stepFromWheel(delta)).toBe(step)
  })
})

describe('stepFromKey', () => {
  it.each([
    ['ArrowDown', 1],
    ['PageDown', 1],
    ['ArrowUp', -1],
    ['PageUp', -1],
    ['Enter', 0],
    ['a', 0],
  ])('%s → %i', (key, step) => {
    expect(stepFromKey(key)).toBe(step)
  })
})

describe('stepFromSwipe', () => {
  it.each([
    ['long slow swipe up', 71, 2000, 1],
    ['long slow swipe down', -71, 2000, -1],
    ['exactly 70 slow', 70, 2000, 0],
    ['short fast swipe', 45, 60, 1],
    ['short fast swipe down', -45, 60, -1],
    ['short but slow', 45, 200, 0],
    ['40 px is not enough', 40, 10, 0],
    ['fast speed but too long', 60, 800, 0],
    ['tiny', 5, 5, 0],
  ])('%s', (_, distance, ms, step) => {
    expect(stepFromSwipe(distance, ms)).toBe(step)
  })
})

describe('floatingEmojiCount', () => {
  it.each([
    [320, 5],
    [639, 5],
    [640, 7],
    [1023, 7],
    [1024, 10],
    [2560, 10],
  ])('%i px wide → %i emojis', (width, count) => {
    expect(floatingEmojiCount(width)).toBe(count)
  })
})

describe('floatingEmojiLayout', () => {
  it('spreads the emojis across the width, each inside it, and is stable', () => {
    const layout = floatingEmojiLayout(7)
    expect(layout).toHaveLength(7)
    const lefts = layout.map((e) => e.left)
    expect([...lefts].sort((a, b) => a - b)).toEqual(lefts)
    expect(new Set(lefts).size).toBe(7)
    expect(lefts.every((l) => l > 0 && l < 100)).toBe(true)
    expect(layout.every((e) => FLOATING_EMOJIS.includes(e.emoji) && e.duration > 0 && e.delay >= 0)).toBe(true)
    expect(floatingEmojiLayout(7)).toEqual(layout)
  })
})
