import { describe, expect, it } from 'vitest'
import {
  GIF_FEATURED_ERROR,
  GIF_SEARCH_ERROR,
  gifPickerReducer,
  gifRequestFor,
  gifUrl,
  initialGifPickerState,
  pickedGif,
  shouldLoadOnOpen,
  thumbnailOf,
  type GifPage,
  type GifPickerAction,
  type GifPickerState,
} from './gifPicker'

const page: GifPage = {
  results: [{ id: 'g1', url: '/gifs/clap.gif', previewUrl: '/gifs/clap-tiny.gif', title: 'Slow clap' }],
  next: '20',
  provider: { name: 'CineCircle library', url: '/about' },
}

const run = (actions: GifPickerAction[], from: GifPickerState = initialGifPickerState) => actions.reduce(gifPickerReducer, from)

describe('gifPickerReducer', () => {
  it.each<[string, GifPickerAction[], Partial<GifPickerState>]>([
    ['starts closed', [], { open: false, results: [], loading: false, error: null }],
    ['opens', [{ type: 'open' }], { open: true }],
    ['loading on at fetch start', [{ type: 'open' }, { type: 'fetchStart', requestId: 1 }], { loading: true, requestId: 1 }],
    [
      'results land and loading stops',
      [{ type: 'open' }, { type: 'fetchStart', requestId: 1 }, { type: 'fetchSuccess', requestId: 1, page }],
      { loading: false, results: page.results, provider: page.provider },
    ],
    [
      'a stale answer is ignored',
      [{ type: 'fetchStart', requestId: 1 }, { type: 'fetchStart', requestId: 2 }, { type: 'fetchSuccess', requestId: 1, page }],
      { loading: true, results: [], requestId: 2 },
    ],
    [
      'featured failure shows its banner',
      [{ type: 'fetchStart', requestId: 1 }, { type: 'fetchFailure', requestId: 1, mode: 'featured' }],
      { loading: false, error: GIF_FEATURED_ERROR },
    ],
    [
      'search failure shows its banner',
      [{ type: 'fetchStart', requestId: 1 }, { type: 'fetchFailure', requestId: 1, mode: 'search' }],
      { error: GIF_SEARCH_ERROR },
    ],
    [
      'the error clears when the next fetch starts',
      [{ type: 'fetchStart', requestId: 1 }, { type: 'fetchFailure', requestId: 1, mode: 'search' }, { type: 'fetchStart', requestId: 2 }],
      { error: null, loading: true },
    ],
    ['typing keeps the text', [{ type: 'open' }, { type: 'query', query: 'popcorn' }], { query: 'popcorn' }],
    [
      'selecting closes, clears the text and empties the results',
      [{ type: 'open' }, { type: 'query', query: 'clap' }, { type: 'fetchStart', requestId: 1 }, { type: 'fetchSuccess', requestId: 1, page }, { type: 'select' }],
      { open: false, query: '', results: [], error: null },
    ],
    ['closing keeps the results for the next open', [{ type: 'fetchStart', requestId: 1 }, { type: 'fetchSuccess', requestId: 1, page }, { type: 'close' }], { open: false, results: page.results }],
  ])('%s', (_name, actions, expected) => {
    expect(run(actions)).toMatchObject(expected)
  })
})

describe('gifRequestFor and gifUrl', () => {
  it.each([
    ['', '/api/gifs/featured'],
    ['   ', '/api/gifs/featured'],
    ['clap', '/api/gifs/search?q=clap'],
    ['  happy dance ', '/api/gifs/search?q=happy+dance'],
    ['popcorn & chill?', '/api/gifs/search?q=popcorn+%26+chill%3F'],
  ])('%j → %s', (query, url) => {
    expect(gifUrl(gifRequestFor(query))).toBe(url)
  })

  it('adds the page token', () => {
    expect(gifUrl({ mode: 'featured', q: '' }, '20')).toBe('/api/gifs/featured?pos=20')
  })
})

describe('shouldLoadOnOpen', () => {
  it.each<[string, Partial<GifPickerState>, boolean]>([
    ['open and empty', { open: true }, true],
    ['closed', { open: false }, false],
    ['open with results', { open: true, results: page.results }, false],
    ['already loading', { open: true, loading: true }, false],
  ])('%s', (_name, patch, expected) => {
    expect(shouldLoadOnOpen({ ...initialGifPickerState, ...patch })).toBe(expected)
  })
})

describe('pickedGif and thumbnailOf', () => {
  it('hands over id, the full url and title', () => {
    expect(pickedGif(page.results[0]!)).toEqual({ id: 'g1', url: '/gifs/clap.gif', title: 'Slow clap' })
  })
  it('falls back to the tiny url', () => {
    expect(pickedGif({ id: 'x', url: '', previewUrl: '/t.gif', title: 't' }).url).toBe('/t.gif')
  })
  it('thumbnails use the tiny variant first', () => {
    expect(thumbnailOf(page.results[0]!)).toBe('/gifs/clap-tiny.gif')
    expect(thumbnailOf({ id: 'x', url: '/full.gif', previewUrl: '', title: '' })).toBe('/full.gif')
  })
})
