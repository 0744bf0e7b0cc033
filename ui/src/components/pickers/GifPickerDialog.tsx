import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useReducer, useRef } from 'react'
import {
  GIF_SEARCH_DEBOUNCE_MS,
  gifPickerReducer,
  gifRequestFor,
  initialGifPickerState,
  pickedGif,
  thumbnailOf,
  type GifResult,
  type PickedGif,
} from '../../lib/gifPicker'
import { fetchGifPage } from '../../queries/gifs'
import { AlertIcon, SearchIcon } from '../ui/icons'
import { Modal } from '../ui/Modal'

/**
 * GifPickerDialog: search box, a scrollable two-column grid of thumbnails about 24rem
 * tall, the loading, empty and error states, and the provider's credit (SPEC §2, §4, §8,
 * §9). Featured GIFs load when it opens; each pause of 300 ms in typing searches (or goes
 * back to featured when the box is blank). Picking one hands it over and closes.
 */
export default function GifPickerDialog({ onSelect, onClose }: { onSelect: (gif: PickedGif) => void; onClose: () => void }) {
  const client = useQueryClient()
  const [state, dispatch] = useReducer(gifPickerReducer, { ...initialGifPickerState, open: true })
  const searchRef = useRef<HTMLInputElement>(null)
  const seq = useRef(0)
  const firstRun = useRef(true)

  useEffect(() => {
    // Opening loads featured at once; later changes of the text wait for a pause.
    const delay = firstRun.current ? 0 : GIF_SEARCH_DEBOUNCE_MS
    firstRun.current = false
    const request = gifRequestFor(state.query)
    const timer = setTimeout(() => {
      seq.current += 1
      const requestId = seq.current
      dispatch({ type: 'fetchStart', requestId })
      fetchGifPage(client, request).then(
        (page) => dispatch({ type: 'fetchSuccess', requestId, page }),
        () => dispatch({ type: 'fetchFailure', requestId, mode: request.mode }),
      )
    }, delay)
    return () => clearTimeout(timer)
  }, [client, state.query])

  const pick = (gif: GifResult) => {
    dispatch({ type: 'select' })
    onSelect(pickedGif(gif))
  }

  return (
    <Modal title="Choose a GIF" onClose={onClose} initialFocus={searchRef} className="flex max-h-[80vh] max-w-lg flex-col">
      <label className="input input-bordered mb-3 flex w-full items-center gap-2">
        <SearchIcon className="size-4 opacity-60" />
        <input
          ref={searchRef}
          type="search"
          className="grow"
          placeholder="Search for GIFs..."
          aria-label="Search GIFs"
          value={state.query}
          onChange={(e) => dispatch({ type: 'query', query: e.target.value })}
        />
      </label>
      {state.error && (
        <div role="alert" className="alert alert-error mb-3 py-2 text-sm">
          <AlertIcon className="size-4" />
          <span>{state.error}</span>
        </div>
      )}
      <div className="h-96 max-h-[55vh] overflow-y-auto rounded-box" aria-busy={state.loading}>
        {state.loading && state.results.length === 0 ? (
          <p className="grid h-full place-items-center text-sm text-base-content/70">Loading GIFs...</p>
        ) : state.results.length === 0 && !state.error ? (
          <p className="grid h-full place-items-center text-sm text-base-content/70">No GIFs found</p>
        ) : (
          <>
            {state.loading && <p className="sr-only">Loading GIFs...</p>}
            <ul aria-label="GIFs" className={`grid grid-cols-2 gap-2 ${state.loading ? 'opacity-60' : ''}`}>
              {state.results.map((gif) => (
                <li key={gif.id}>
                  <button
                    type="button"
                    className="block w-full overflow-hidden rounded-field bg-base-200 outline-none focus-visible:ring-2 focus-visible:ring-primary"
                    aria-label={gif.title || 'GIF'}
                    onClick={() => pick(gif)}
                  >
                    <img src={thumbnailOf(gif)} alt="" loading="lazy" className="aspect-[4/3] w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {state.provider && (
        <p className="mt-3 text-center text-xs text-base-content/60">
          GIFs by{' '}
          {state.provider.url ? (
            <a href={state.provider.url} target={state.provider.url.startsWith('/') ? undefined : '_blank'} rel="noreferrer" className="link">
              {state.provider.name}
            </a>
          ) : (
            state.provider.name
          )}
        </p>
      )}
    </Modal>
  )
}
