import { describe, expect, it } from 'vitest'
import { parseThemePreference, resolveTheme } from './theme'

describe('parseThemePreference', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    [null, 'system'],
    [undefined, 'system'],
    ['', 'system'],
    ['DARK', 'system'],
    ['solarized', 'system'],
  ])('%j → %s', (stored, expected) => {
    expect(parseThemePreference(stored)).toBe(expected)
  })
})

describe('resolveTheme', () => {
  it.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['system', true, 'dark'],
    ['system', false, 'light'],
  ] as const)('%s with OS dark=%s → %s', (pref, dark, expected) => {
    expect(resolveTheme(pref, dark)).toBe(expected)
  })
})
