import { describe, expect, it } from 'vitest'
import {
  buildEntryPayload,
  formatRating,
  hasDetails,
  hasRating,
  isFutureDate,
  localDateISO,
  noTitleMessage,
  parseRatingText,
  roundRating,
  statusLabel,
  statusOptionLabel,
  validateAdd,
  type AddForm,
  type WatchStatus,
} from './rating'

describe('roundRating', () => {
  it.each<[number | null | undefined, number]>([
    [7.25, 7.3],
    [7.24, 7.2],
    [7.35, 7.4],
    [0.05, 0.1],
    [0.04, 0],
    [9.96, 10],
    [10, 10],
    [10.4, 10],
    [42, 10],
    [-1, 0],
    [0, 0],
    [5, 5],
    [8.123456, 8.1],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
    [undefined, 0],
  ])('%s → %s', (input, expected) => {
    expect(roundRating(input)).toBe(expected)
  })
})

describe('formatRating', () => {
  it.each<[number | null | undefined, string]>([
    [7.25, '7.3/10.0'],
    [7, '7.0/10.0'],
    [10, '10.0/10.0'],
    [0, '0.0/10.0'],
    [0.1, '0.1/10.0'],
    [12, '10.0/10.0'],
    [null, '0.0/10.0'],
  ])('%s → %s', (input, expected) => {
    expect(formatRating(input)).toBe(expected)
  })
})

describe('hasRating', () => {
  it.each<[number | null | undefined, boolean]>([
    [0, false],
    [0.04, false],
    [0.05, true],
    [7.3, true],
    [null, false],
  ])('%s → %s', (input, expected) => {
    expect(hasRating(input)).toBe(expected)
  })
})

describe('parseRatingText', () => {
  it.each<[string, number | null]>([
    ['7.25', 7.25],
    ['7,25', 7.25],
    [' 8 ', 8],
    ['8.', 8],
    ['.5', 0.5],
    ['-2', -2],
    ['12', 12],
    ['', null],
    ['  ', null],
    ['abc', null],
    ['7.2.5', null],
    ['1e3', null],
  ])('%j → %s', (input, expected) => {
    expect(parseRatingText(input)).toBe(expected)
  })
})

describe('statuses', () => {
  it.each<[WatchStatus, boolean, string, string]>([
    ['watched', true, 'watched', 'Watched'],
    ['dropped', true, 'dropped', 'Dropped'],
    ['plan_to_watch', false, 'watchlist', 'Plan to Watch'],
    ['currently_watching', false, 'currently watching', 'Currently Watching'],
  ])('%s: details %s, card %j, option %j', (status, details, card, option) => {
    expect(hasDetails(status)).toBe(details)
    expect(statusLabel(status)).toBe(card)
    expect(statusOptionLabel(status)).toBe(option)
  })
})

describe('validateAdd', () => {
  it.each<[AddForm['kind'], number | null, string | null]>([
    ['movie', null, 'Please select a movie'],
    ['tv', null, 'Please select a TV show'],
    ['movie', 0, 'Please select a movie'],
    ['tv', -3, 'Please select a TV show'],
    ['movie', 1.5, 'Please select a movie'],
    ['movie', 603, null],
    ['tv', 1396, null],
  ])('%s %s → %j', (kind, titleId, expected) => {
    expect(validateAdd({ kind, titleId })).toBe(expected)
  })

  it('names the kind in the message', () => {
    expect(noTitleMessage('movie')).toBe('Please select a movie')
    expect(noTitleMessage('tv')).toBe('Please select a TV show')
  })
})

describe('buildEntryPayload', () => {
  const base: AddForm & { titleId: number } = {
    kind: 'movie',
    titleId: 603,
    status: 'watched',
    rating: 7.25,
    review: '  Whoa.  ',
    watchedWith: ['u1', 'u2', 'u1'],
    watchedAt: '2026-11-20',
  }

  it.each<[string, Partial<Omit<AddForm, 'titleId'>>, object]>([
    [
      'watched movie with every detail',
      {},
      { movieId: 603, status: 'watched', rating: 7.3, review: 'Whoa.', watchedWith: ['u1', 'u2'], watchedAt: '2026-11-20' },
    ],
    [
      'dropped show, blank date left out',
      { kind: 'tv', status: 'dropped', watchedAt: '  ' },
      { tvShowId: 603, status: 'dropped', rating: 7.3, review: 'Whoa.', watchedWith: ['u1', 'u2'] },
    ],
    ['plan to watch sends only the title and status', { status: 'plan_to_watch' }, { movieId: 603, status: 'plan_to_watch' }],
    [
      'currently watching show sends only the title and status',
      { kind: 'tv', status: 'currently_watching' },
      { tvShowId: 603, status: 'currently_watching' },
    ],
    [
      'no rating is 0, empty review and friends stay empty',
      { rating: 0, review: '', watchedWith: [], watchedAt: '' },
      { movieId: 603, status: 'watched', rating: 0, review: '', watchedWith: [] },
    ],
  ])('%s', (_name, changes, expected) => {
    expect(buildEntryPayload({ ...base, ...changes })).toEqual(expected)
  })
})

describe('dates', () => {
  const now = new Date(2026, 10, 22, 23, 30)
  it('formats the local day', () => {
    expect(localDateISO(now)).toBe('2026-11-22')
    expect(localDateISO(new Date(2026, 0, 5))).toBe('2026-01-05')
  })
  it.each<[string, boolean]>([
    ['2026-11-22', false],
    ['2026-11-21', false],
    ['2026-11-23', true],
    ['2027-01-01', true],
    ['', false],
    ['not a date', false],
  ])('%j in the future: %s', (date, expected) => {
    expect(isFutureDate(date, now)).toBe(expected)
  })
})
