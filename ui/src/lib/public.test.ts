import { describe, expect, it } from 'vitest'
import { signUpPath, validHandle } from './public'

describe('validHandle', () => {
  it.each([
    ['ana', true],
    ['Ana_Films_2025', true],
    ['an', false],
    ['a'.repeat(30), true],
    ['a'.repeat(31), false],
    ['ana.b', false],
    ['ana b', false],
    ['Ána', false],
  ])('%s → %s', (h, want) => expect(validHandle(h)).toBe(want))
})

it('signUpPath comes back to the page', () => expect(signUpPath('/u/ana/review/x')).toBe('/login?mode=signup&next=%2Fu%2Fana%2Freview%2Fx'))
