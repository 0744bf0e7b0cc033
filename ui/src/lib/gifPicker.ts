// GIF picker state (SPEC §4 GIF picker, §5, §8, §9). The picker starts closed; opening it
// with no results loads the featured (trending) GIFs; while open, each change of the
// search text (after a 300 ms pause) searches, or loads featured when the text is blank.
// Loading is on during each fetch and the error is cleared when a fetch starts. Picking
// a GIF hands it to the caller, closes the picker, clears the text and empties the results.
// The reducer is pure; the component owns the timer and the fetch.

export const GIF_SEARCH_DEBOUNCE_MS = 300

export const GIF_FEATURED_ERROR = 'Unable to load GIFs. Please try again.'
export const GIF_SEARCH_ERROR = 'Unable to search GIFs. Please try again.'

/** One GIF as our server sends it (GET /api/gifs/featured and /api/gifs/search). */
export interface GifResult {
  id: string
  url: string
  previewUrl: string
  title: string
}

/** Who answered: credited in the picker's footer. */
export interface GifProvider {
  name: string
  url: string
}

/** A page of GIFs: results, the next page token and the provider to credit. */
export interface GifPage {
  results: GifResult[]
  next: string
  provider: GifProvider
}

/** What the picker hands its caller (SPEC §3 GIF result). */
export interface PickedGif {
  id: string
  url: string
  title: string
}

export type GifMode = 'featured' | 'search'

/** A fetch the picker wants: featured, or a search for q (already trimmed). */
export interface GifRequest {
  mode: GifMode
  q: string
}

export interface GifPickerState {
  open: boolean
  query: string
  results: GifResult[]
  provider: GifProvider | null
  loading: boolean
  error: string | null
  /** Sequence number of the fetch whose answer is awaited; older answers are ignored. */
  requestId: number
}

export const initialGifPickerState: GifPickerState = {
  open: false,
  query: '',
  results: [],
  provider: null,
  loading: false,
  error: null,
  requestId: 0,
}

export type GifPickerAction =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'query'; query: string }
  | { type: 'fetchStart'; requestId: number }
  | { type: 'fetchSuccess'; requestId: number; page: GifPage }
  | { type: 'fetchFailure'; requestId: number; mode: GifMode }
  | { type: 'select' }

/** gifPickerReducer applies one step of the picker's life. */
export function gifPickerReducer(state: GifPickerState, action: GifPickerAction): GifPickerState {
  switch (action.type) {
    case 'open':
      return { ...state, open: true }
    case 'close':
      return { ...state, open: false, loading: false }
    case 'query':
      return { ...state, query: action.query }
    case 'fetchStart':
      return { ...state, loading: true, error: null, requestId: action.requestId }
    case 'fetchSuccess':
      if (action.requestId !== state.requestId) return state
      return { ...state, loading: false, results: action.page.results, provider: action.page.provider }
    case 'fetchFailure':
      if (action.requestId !== state.requestId) return state
      return { ...state, loading: false, results: [], error: gifErrorMessage(action.mode) }
    case 'select':
      return { ...state, open: false, loading: false, query: '', results: [], error: null }
  }
}

/** gifRequestFor: blank text means featured (trending), anything else a search. */
export function gifRequestFor(query: string): GifRequest {
  const q = query.trim()
  return q ? { mode: 'search', q } : { mode: 'featured', q: '' }
}

/** gifUrl: the path of a request on our server, with the search text URL-encoded. */
export function gifUrl(request: GifRequest, pos?: string): string {
  const params = new URLSearchParams()
  if (request.mode === 'search') params.set('q', request.q)
  if (pos) params.set('pos', pos)
  const query = params.toString()
  return `/api/gifs/${request.mode}${query ? `?${query}` : ''}`
}

/** gifErrorMessage: the red banner's text (SPEC §8). */
export function gifErrorMessage(mode: GifMode): string {
  return mode === 'search' ? GIF_SEARCH_ERROR : GIF_FEATURED_ERROR
}

/** shouldLoadOnOpen: opening the picker with nothing shown loads featured. */
export function shouldLoadOnOpen(state: GifPickerState): boolean {
  return state.open && state.results.length === 0 && !state.loading
}

/** pickedGif: what the caller receives; the full GIF, falling back to the preview. */
export function pickedGif(gif: GifResult): PickedGif {
  return { id: gif.id, url: gif.url || gif.previewUrl, title: gif.title }
}

/** thumbnailOf: the small variant first, then the full GIF. */
export function thumbnailOf(gif: GifResult): string {
  return gif.previewUrl || gif.url
}
