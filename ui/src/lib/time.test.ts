import { describe, expect, it } from 'vitest'
import { timeAgo } from './time'

describe('timeAgo', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  it.each<[string | null, string]>([
    ['2026-11-22T11:59:30Z', 'just now'],
    ['2026-11-22T11:59:00Z', '1 minute ago'],
    ['2026-11-22T11:55:00Z', '5 minutes ago'],
    ['2026-11-22T09:00:00Z', '3 hours ago'],
    ['2026-11-21T12:00:00Z', 'yesterday'],
    ['2026-11-19T12:00:00Z', '3 days ago'],
    ['2026-11-01T12:00:00Z', '3 weeks ago'],
    ['2026-08-22T12:00:00Z', '3 months ago'],
    ['2024-11-22T12:00:00Z', '2 years ago'],
    ['', ''],
    [null, ''],
    ['not a date', ''],
  ])('%j → %j', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected)
  })
})
