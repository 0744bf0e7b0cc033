import { describe, expect, it } from 'vitest'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, tooltipDelay } from './tooltip'

describe('tooltipDelay (SPEC §9: 700 ms, skip delay 300 ms)', () => {
  it.each([
    ['no tooltip closed yet', null, 700],
    ['the last closed long ago', 10_000, 700],
    ['the last closed 299 ms ago', 20_000 - 299, 0],
    ['the last closed 300 ms ago', 20_000 - 300, 700],
  ])('%s', (_, lastClosedAt, expected) => {
    expect(tooltipDelay(20_000, lastClosedAt)).toBe(expected)
  })

  it('uses the spec constants', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300])
  })
})
