import { describe, expect, it } from 'vitest'
import { bars, hoursText, isEmptyYear, parseYear, yearFileName } from './year'

describe('parseYear', () => {
  const now = new Date('2026-06-01T00:00:00Z')
  it.each([
    ['2025', 2025],
    ['2026', 2026],
    ['2027', null],
    ['1899', null],
    ['25', null],
    ['20x5', null],
    [undefined, null],
  ])('%s → %s', (param, want) => expect(parseYear(param, now)).toBe(want))
})

describe('bars', () => {
  it('scales to the largest value and keeps stubs for zeros', () => {
    const out = bars([0, 5, 10], 100, 50, 5)
    expect(out.map((b) => b.height)).toEqual([1, 25, 50])
    expect(out[2]?.y).toBe(0)
    expect(out[1]?.x).toBeCloseTo(35)
    expect(out[0]?.width).toBeCloseTo(30)
  })
  it('never lets a small value vanish', () => expect(bars([1, 1000], 10, 100)[0]?.height).toBe(3))
  it('draws all-zero months as stubs', () => expect(bars([0, 0], 10, 10).every((b) => b.height === 1)).toBe(true))
  it('has nothing to draw for no values', () => expect(bars([], 10, 10)).toEqual([]))
})

describe('labels', () => {
  it.each([
    [0, '0 hours'],
    [1, '1 hour'],
    [12.46, '12.5 hours'],
  ])('hoursText(%s) = %s', (h, want) => expect(hoursText(h)).toBe(want))
  it('names the share file after the year', () => expect(yearFileName(2025)).toBe('cinecircle-2025-in-review.png'))
  it('knows an empty year', () => {
    expect(isEmptyYear({ films: 0, episodes: 0, titles: 0 })).toBe(true)
    expect(isEmptyYear({ films: 0, episodes: 2, titles: 0 })).toBe(false)
  })
})
