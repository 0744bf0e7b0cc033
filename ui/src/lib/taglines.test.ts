import { describe, expect, it } from 'vitest'
import { nextTagline, TAGLINES } from './taglines'

describe('taglines', () => {
  it('has 16 distinct taglines including the SPEC examples', () => {
    expect(TAGLINES).toHaveLength(16)
    expect(new Set(TAGLINES).size).toBe(16)
    expect(TAGLINES).toContain('Where friends become film critics')
    expect(TAGLINES).toContain('Track, rate, roast, repeat')
  })

  it('rotates and wraps', () => {
    expect(nextTagline(0)).toBe(1)
    expect(nextTagline(15)).toBe(0)
    expect(nextTagline(0, 0)).toBe(0)
  })
})
