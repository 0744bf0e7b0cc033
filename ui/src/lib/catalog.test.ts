import { describe, expect, it } from 'vitest'
import {
  episodesLabel,
  generatedPoster,
  headerDropdown,
  isSearchable,
  moveActive,
  normalizeTrendingMovie,
  normalizeTrendingTv,
  parseCatalogId,
  parseTab,
  posterUrl,
  runtimeLabel,
  searchPath,
  seasonsLabel,
  shouldSearch,
  titlePath,
  viewAllLabel,
  voteLabel,
  yearOf,
  type PosterSize,
} from './catalog'

describe('posterUrl', () => {
  it.each<[string | null | undefined, PosterSize, string | null]>([
    ['/abc.jpg', 'w154', '/img/w154/abc.jpg'],
    ['/abc.jpg', 'w92', '/img/w92/abc.jpg'],
    ['/abc.jpg', 'w185', '/img/w185/abc.jpg'],
    ['/abc.jpg', 'w500', '/img/w500/abc.jpg'],
    ['abc.jpg', 'w500', '/img/w500/abc.jpg'],
    ['/img/w154/abc.jpg', 'w500', '/img/w154/abc.jpg'],
    [null, 'w154', null],
    [undefined, 'w154', null],
    ['', 'w154', null],
    ['   ', 'w154', null],
    ['https://image.example.org/t/p/w154/abc.jpg', 'w154', null],
    ['//image.example.org/abc.jpg', 'w154', null],
  ])('%j at %s → %j', (path, size, expected) => {
    expect(posterUrl(path, size)).toBe(expected)
  })
})

describe('runtimeLabel', () => {
  it.each([
    [136, '136 min'],
    [1, '1 min'],
    [95.6, '96 min'],
    [0, 'Runtime unavailable'],
    [null, 'Runtime unavailable'],
    [undefined, 'Runtime unavailable'],
    [Number.NaN, 'Runtime unavailable'],
    [-5, 'Runtime unavailable'],
  ])('%j → %s', (minutes, label) => {
    expect(runtimeLabel(minutes)).toBe(label)
  })
})

describe('seasonsLabel', () => {
  it.each([
    [1, '1 Season'],
    [2, '2 Seasons'],
    [5, '5 Seasons'],
    [0, 'Season info unavailable'],
    [null, 'Season info unavailable'],
    [undefined, 'Season info unavailable'],
  ])('%j → %s', (count, label) => {
    expect(seasonsLabel(count)).toBe(label)
  })
})

describe('episodesLabel', () => {
  it.each([
    [1, '1 episode'],
    [13, '13 episodes'],
    [0, null],
    [null, null],
  ])('%j → %j', (count, label) => {
    expect(episodesLabel(count)).toBe(label)
  })
})

describe('yearOf', () => {
  it.each([
    ['1999-03-31', '1999'],
    ['2008-01-20', '2008'],
    ['2024', '2024'],
    [1999, '1999'],
    ['', null],
    [null, null],
    [undefined, null],
    ['soon', null],
    [0, null],
  ])('%j → %j', (date, year) => {
    expect(yearOf(date)).toBe(year)
  })
})

describe('voteLabel', () => {
  it.each([
    [8.7, '8.7'],
    [8.25, '8.3'],
    [8.04, '8.0'],
    [7, '7.0'],
    [10, '10.0'],
    [0, null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])('%j → %j', (vote, label) => {
    expect(voteLabel(vote)).toBe(label)
  })
})

describe('generatedPoster', () => {
  it('is the same for the same id', () => {
    expect(generatedPoster(603, 'The Matrix')).toEqual(generatedPoster('603', 'The Matrix'))
  })

  it('differs between neighbouring ids', () => {
    const hues = new Set([1, 2, 3, 4, 5, 6].map((id) => generatedPoster(id, 'x').hue))
    expect(hues.size).toBeGreaterThan(3)
  })

  it('builds a gradient of two HSL colours', () => {
    const poster = generatedPoster(1000100001, 'Breaking Bad')
    expect(poster.background).toBe(`linear-gradient(160deg, ${poster.from} 0%, ${poster.to} 100%)`)
    expect(poster.from).toMatch(/^hsl\(\d+ \d+% 34%\)$/)
    expect(poster.to).toMatch(/^hsl\(\d+ \d+% 14%\)$/)
    expect(poster.hue).toBeGreaterThanOrEqual(0)
    expect(poster.hue).toBeLessThan(360)
    expect(poster.title).toBe('Breaking Bad')
  })

  it('keeps clear of the olive hues for many ids', () => {
    for (let id = 1000000000; id < 1000000500; id++) {
      const { hue } = generatedPoster(id, 'x')
      expect(hue < 50 || hue >= 110).toBe(true)
    }
  })

  it.each([[''], ['  '], [null], [undefined]])('titles %j as Untitled', (title) => {
    expect(generatedPoster(1, title).title).toBe('Untitled')
  })
})

describe('normalizeTrending', () => {
  it('reads either spelling of a movie', () => {
    expect(
      normalizeTrendingMovie({ id: 1, title: 'A', poster_path: '/a.jpg', vote_average: 7.5, release_date: '1999-01-01', runtime: 90 }),
    ).toEqual({ kind: 'movie', id: 1, title: 'A', posterPath: '/a.jpg', voteAverage: 7.5, date: '1999-01-01', length: 90 })
    expect(normalizeTrendingMovie({ id: 2, title: 'B', posterPath: '', poster_path: '', releaseDate: '2001-02-03' })).toEqual({
      kind: 'movie',
      id: 2,
      title: 'B',
      posterPath: null,
      voteAverage: null,
      date: '2001-02-03',
      length: null,
    })
  })

  it('reads either spelling of a show', () => {
    expect(
      normalizeTrendingTv({ id: 3, name: 'C', posterPath: '/c.jpg', voteAverage: 9, firstAirDate: '2008-01-20', numberOfSeasons: 5 }),
    ).toEqual({ kind: 'tv', id: 3, title: 'C', posterPath: '/c.jpg', voteAverage: 9, date: '2008-01-20', length: 5 })
    expect(normalizeTrendingTv({ id: 4, name: 'D', first_air_date: '2011-04-17', vote_average: 8.4 })).toMatchObject({
      date: '2011-04-17',
      voteAverage: 8.4,
      length: null,
    })
  })
})

describe('search rules', () => {
  it.each([
    ['ma', true, true],
    ['  ma  ', true, true],
    ['m', true, false],
    [' m ', true, false],
    ['', true, false],
    ['matrix', false, false],
  ])('shouldSearch(%j, signedIn %s) → %s', (q, signedIn, expected) => {
    expect(shouldSearch(q, signedIn)).toBe(expected)
    if (signedIn) expect(isSearchable(q)).toBe(expected)
  })

  it.each([
    ['tv', 'tv'],
    ['movies', 'movies'],
    [null, 'movies'],
    ['people', 'movies'],
  ] as const)('parseTab(%j) → %s', (tab, expected) => {
    expect(parseTab(tab)).toBe(expected)
  })

  it.each([
    ['matrix', 'movies', '/search?q=matrix&tab=movies'],
    [' the thing ', 'tv', '/search?q=the+thing&tab=tv'],
    ['R&D', 'tv', '/search?q=R%26D&tab=tv'],
    ['', 'movies', '/search?tab=movies'],
  ] as const)('searchPath(%j, %s) → %s', (q, tab, path) => {
    expect(searchPath(q, tab)).toBe(path)
  })
})

describe('titlePath and parseCatalogId', () => {
  it('links movies and shows', () => {
    expect(titlePath('movie', 603)).toBe('/movie/603')
    expect(titlePath('tv', 1000100001)).toBe('/tv/1000100001')
  })

  it.each([
    ['603', 603],
    ['1000100001', 1000100001],
    ['0', null],
    ['-1', null],
    ['12abc', null],
    ['1.5', null],
    ['', null],
    [undefined, null],
    ['99999999999999999', null],
  ])('%j → %j', (param, id) => {
    expect(parseCatalogId(param)).toBe(id)
  })
})

const page = (count: number, total?: number) => ({
  results: Array.from({ length: count }, (_, i) => ({ id: i + 1 })),
  total,
})

describe('headerDropdown', () => {
  it.each([
    // movies, tv, shown movies, shown tv, moreMovies, moreTv, total, showAll
    [page(1, 1), page(0, 0), 1, 0, false, false, 1, false],
    [page(3, 3), page(3, 3), 3, 3, false, false, 6, false],
    [page(4, 4), page(2, 2), 3, 2, true, false, 6, false],
    [page(4, 4), page(3, 3), 3, 3, true, false, 7, true],
    [page(2, 2), page(5, 5), 2, 3, false, true, 7, true],
    [page(20, 57), page(20, 31), 3, 3, true, true, 88, true],
    // no total: the results are all there is
    [page(5), page(0), 3, 0, true, false, 5, false],
    [undefined, undefined, 0, 0, false, false, 0, false],
  ])('case %#', (movies, tv, shownMovies, shownTv, moreMovies, moreTv, total, showAll) => {
    const model = headerDropdown(movies, tv)
    expect(model.movies).toHaveLength(shownMovies)
    expect(model.tv).toHaveLength(shownTv)
    expect(model).toMatchObject({ moreMovies, moreTv, total, showAll })
  })

  it('keeps the first results in order', () => {
    expect(headerDropdown(page(5, 5), null).movies.map((m) => m.id)).toEqual([1, 2, 3])
  })

  it('labels the footer', () => {
    expect(viewAllLabel(88)).toBe('View all 88 results')
  })
})

describe('moveActive', () => {
  it.each([
    [-1, 5, 1, 0],
    [-1, 5, -1, 4],
    [0, 5, 1, 1],
    [4, 5, 1, 0],
    [0, 5, -1, 4],
    [2, 5, -1, 1],
    [7, 5, 1, 0],
    [0, 0, 1, -1],
  ] as const)('from %i of %i by %i → %i', (current, count, step, expected) => {
    expect(moveActive(current, count, step)).toBe(expected)
  })
})
