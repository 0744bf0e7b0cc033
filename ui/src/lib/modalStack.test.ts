import { describe, expect, it, vi } from 'vitest'
import { createModalStack } from './modalStack'

describe('modalStack', () => {
  it('tracks the top dialog and whether any is open', () => {
    const stack = createModalStack()
    const listener = vi.fn()
    stack.subscribe(listener)
    expect(stack.isOpen()).toBe(false)
    const closeA = stack.push('a')
    const closeB = stack.push('b')
    expect(stack.isTop('b')).toBe(true)
    expect(stack.isTop('a')).toBe(false)
    closeB()
    expect(stack.isTop('a')).toBe(true)
    closeB()
    closeA()
    expect(stack.isOpen()).toBe(false)
    expect(listener).toHaveBeenCalledTimes(4)
  })

  it('moves a dialog opened again to the top', () => {
    const stack = createModalStack()
    stack.push('a')
    stack.push('b')
    stack.push('a')
    expect(stack.isTop('a')).toBe(true)
  })
})
