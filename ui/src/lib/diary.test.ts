import { describe, expect, it } from 'vitest'
import {
  barPercent,
  dateInputValue,
  dayLabel,
  diaryTitle,
  entryKind,
  entryTitle,
  excerpt,
  findEntry,
  fullDayLabel,
  groupByMonth,
  hoursLabel,
  monthLabel,
  nextDiaryPage,
  plural,
  sortByUpdated,
  titleName,
  type DiaryItem,
  type WatchEntry,
} from './diary'

const movieEntry: WatchEntry = {
  id: 'e1',
  movieId: 603,
  status: 'watched',
  rating: 7.3,
  review: 'Whoa.',
  watchedAt: '2026-11-20T00:00:00Z',
  watchedWith: [],
  createdAt: '2026-11-22T10:00:00Z',
  updatedAt: '2026-11-22T10:00:00Z',
  movie: { id: 603, title: 'The Matrix', posterPath: '', releaseDate: '1999', year: 1999, runtime: 136, genres: [] },
}

const showEntry: WatchEntry = {
  id: 'e2',
  tvShowId: 1396,
  status: 'plan_to_watch',
  rating: 0,
  review: '',
  watchedAt: '',
  watchedWith: null,
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-23T10:00:00Z',
  tvShow: { id: 1396, name: 'Breaking Bad', posterPath: '/bb.jpg', firstAirDate: '2008-01-20' },
}

describe('entries', () => {
  it('tells movies from shows', () => {
    expect(entryKind(movieEntry)).toBe('movie')
    expect(entryKind(showEntry)).toBe('tv')
  })

  it('reads the title of an entry', () => {
    expect(entryTitle(movieEntry)).toEqual({ kind: 'movie', id: 603, title: 'The Matrix', posterPath: null, year: '1999' })
    expect(entryTitle(showEntry)).toEqual({ kind: 'tv', id: 1396, title: 'Breaking Bad', posterPath: '/bb.jpg', year: '2008' })
  })

  it('falls back to Unknown Content', () => {
    expect(titleName(undefined)).toBe('Unknown Content')
    expect(titleName({ id: 1, posterPath: null, title: '  ' })).toBe('Unknown Content')
  })

  it('finds an entry by kind and id', () => {
    expect(findEntry([movieEntry, showEntry], 'movie', 603)?.id).toBe('e1')
    expect(findEntry([movieEntry, showEntry], 'tv', 1396)?.id).toBe('e2')
    expect(findEntry([movieEntry, showEntry], 'tv', 603)).toBeUndefined()
    expect(findEntry(null, 'movie', 603)).toBeUndefined()
  })

  it('sorts newest change first', () => {
    expect(sortByUpdated([movieEntry, showEntry]).map((e) => e.id)).toEqual(['e2', 'e1'])
  })
})

describe('diary', () => {
  const item = (id: string, watchedAt: string): DiaryItem => ({
    id,
    watchedAt,
    rating: 0,
    review: '',
    rewatch: false,
    kind: 'movie',
    title: { id: 603, title: 'The Matrix', posterPath: null, year: 1999 },
  })

  it('groups watches by month, newest first, in UTC', () => {
    const groups = groupByMonth([
      item('a', '2026-11-20T00:00:00Z'),
      item('b', '2026-11-01T00:00:00Z'),
      item('c', '2026-10-31T23:59:00Z'),
      item('d', '2025-12-24T12:00:00Z'),
      item('e', ''),
    ])
    expect(groups.map((g) => [g.key, g.label, g.items.map((i) => i.id)])).toEqual([
      ['2026-11', 'November 2026', ['a', 'b']],
      ['2026-10', 'October 2026', ['c']],
      ['2025-12', 'December 2025', ['d']],
      ['', 'Undated', ['e']],
    ])
  })

  it('keeps a month together when it comes back out of order', () => {
    const groups = groupByMonth([item('a', '2026-11-20T00:00:00Z'), item('b', '2026-10-01T00:00:00Z'), item('c', '2026-11-02T00:00:00Z')])
    expect(groups.map((g) => g.items.map((i) => i.id))).toEqual([['a', 'c'], ['b']])
  })

  it('labels days and months', () => {
    expect(monthLabel('2026-11-20T00:00:00Z')).toBe('November 2026')
    expect(dayLabel('2026-11-20T00:00:00Z')).toBe('Nov 20')
    expect(fullDayLabel('2026-11-20T00:00:00Z')).toBe('Nov 20, 2026')
    expect(dayLabel('')).toBe('')
    expect(dateInputValue('2026-11-20T23:00:00Z')).toBe('2026-11-20')
    expect(dateInputValue('')).toBe('')
  })

  it('reads a diary title', () => {
    expect(diaryTitle(item('a', ''))).toEqual({ kind: 'movie', id: 603, title: 'The Matrix', posterPath: null, year: '1999' })
  })

  it.each<[number, number, number | undefined]>([
    [50, 1, 2],
    [50, 3, 4],
    [49, 1, undefined],
    [0, 2, undefined],
  ])('a last page of %s after %s pages → next %s', (size, count, next) => {
    expect(nextDiaryPage(new Array(size).fill(0), new Array(count).fill(0))).toBe(next)
  })
})

describe('labels', () => {
  it.each<[number | null | undefined, string]>([
    [2.3, '2.3'],
    [2.27, '2.3'],
    [12, '12'],
    [0, '0'],
    [-1, '0'],
    [null, '0'],
    [Number.NaN, '0'],
  ])('hours %s → %s', (hours, expected) => {
    expect(hoursLabel(hours)).toBe(expected)
  })

  it('cuts long reviews at a word', () => {
    expect(excerpt('Short and sweet.')).toBe('Short and sweet.')
    expect(excerpt('one two three four five six', 14)).toBe('one two three…')
    expect(excerpt('  spaced\n\nout  ')).toBe('spaced out')
  })

  it.each<[number, number, number]>([
    [5, 10, 50],
    [10, 10, 100],
    [0, 10, 0],
    [3, 0, 0],
    [1, 3, 33.3],
  ])('bar %s of %s → %s%%', (value, max, expected) => {
    expect(barPercent(value, max)).toBe(expected)
  })

  it('pluralises', () => {
    expect(plural(1, 'rating')).toBe('1 rating')
    expect(plural(3, 'rating')).toBe('3 ratings')
  })
})
