import { describe, expect, it } from 'vitest'
import { addedByLine, publicListPath, signUpPath, validHandle } from './public'

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

it('publicListPath is the list under its owner', () => expect(publicListPath('ana', 'abc')).toBe('/u/ana/list/abc'))

describe('addedByLine', () => {
  const name = (u: { firstName?: string }) => u.firstName ?? ''
  it.each([
    ['an editor who is named', { id: 'eve', firstName: 'Eve' }, 'Added by Eve'],
    ['the owner', { id: 'ana', firstName: 'Ana' }, ''],
    ['an editor visitors may not see named', null, ''],
  ])('%s', (_what, addedBy, want) => expect(addedByLine({ addedBy: addedBy as never }, 'ana', name as never)).toBe(want))
})
