import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { useDebouncedValue } from '../../hooks/useDebouncedValue'
import { isSearchable, SEARCH_DEBOUNCE_MS, yearOf, type CatalogKind, type MovieResult, type TvResult } from '../../lib/catalog'
import type { PickedTitle } from '../../lib/diary'
import { addSearchQuery } from '../../queries/catalog'
import { Poster } from '../catalog/Poster'
import { AlertIcon, SearchIcon } from '../ui/icons'

/** SPEC §9: the add dialog shows 5 results per type, then 'Show All'. */
export const ADD_DIALOG_RESULTS = 5

const kindNames: Record<CatalogKind, { one: string; label: string; failed: string }> = {
  movie: { one: 'movie', label: 'Movie', failed: 'Movie search failed' },
  tv: { one: 'TV show', label: 'TV Show', failed: 'TV search failed' },
}

function toPicked(kind: CatalogKind, result: MovieResult | TvResult): PickedTitle {
  const isMovie = 'title' in result
  return {
    kind,
    id: result.id,
    title: (isMovie ? result.title : result.name) || 'Unknown Content',
    posterPath: result.poster_path,
    year: yearOf(isMovie ? result.release_date : result.first_air_date),
  }
}

/**
 * TitlePicker: the add dialog's Movie/TV toggle and title search (GET /api/movies/search
 * ?query= or /api/tv-shows/search?query=, 2 characters, 300 ms debounce), 5 results with
 * 'Show All', and the picked title with a way to change it.
 */
export function TitlePicker({
  kind,
  onKindChange,
  picked,
  onPick,
  searchRef,
}: {
  kind: CatalogKind
  onKindChange: (kind: CatalogKind) => void
  picked: PickedTitle | null
  onPick: (title: PickedTitle | null) => void
  searchRef: RefObject<HTMLInputElement | null>
}) {
  const id = useId()
  const [text, setText] = useState('')
  const [showAll, setShowAll] = useState(false)
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const search = useQuery({ ...addSearchQuery(kind, query), enabled: !picked && isSearchable(query) })
  const changeRef = useRef<HTMLButtonElement>(null)
  const focusAfter = useRef<'change' | 'search' | null>(null)
  const names = kindNames[kind]

  useEffect(() => {
    if (focusAfter.current === 'change') changeRef.current?.focus()
    if (focusAfter.current === 'search') searchRef.current?.focus()
    focusAfter.current = null
  }, [picked, searchRef])

  const results = search.data?.results ?? []
  const visible = showAll ? results : results.slice(0, ADD_DIALOG_RESULTS)
  const total = Math.max(search.data?.total ?? 0, results.length)

  const pick = (result: MovieResult | TvResult) => {
    focusAfter.current = 'change'
    onPick(toPicked(kind, result))
  }

  return (
    <div className="grid gap-3">
      <div role="radiogroup" aria-label="Type" className="join w-full">
        {(['movie', 'tv'] as const).map((k) => (
          <input
            key={k}
            type="radio"
            name={`${id}-kind`}
            className="join-item btn btn-sm flex-1"
            aria-label={kindNames[k].label}
            checked={kind === k}
            onChange={() => {
              setShowAll(false)
              onKindChange(k)
            }}
          />
        ))}
      </div>

      {picked ? (
        <div className="flex items-center gap-3 rounded-box border border-primary/40 bg-primary/5 p-3" aria-live="polite">
          <Poster id={picked.id} title={picked.title} path={picked.posterPath} size="w92" className="w-12" decorative />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium tracking-wide text-primary uppercase">Selected {kindNames[picked.kind].one}</p>
            <p className="truncate font-semibold" data-testid="picked-title">
              {picked.title}
            </p>
            {picked.year && <p className="text-sm text-base-content/60">{picked.year}</p>}
          </div>
          <button
            ref={changeRef}
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Change ${kindNames[picked.kind].one}`}
            onClick={() => {
              focusAfter.current = 'search'
              onPick(null)
            }}
          >
            Change
          </button>
        </div>
      ) : (
        <div className="grid gap-2">
          <label htmlFor={`${id}-search`} className="text-sm font-medium">
            Find a {names.one}
          </label>
          <label className="input w-full">
            <SearchIcon className="size-4 opacity-60" />
            <input
              ref={searchRef}
              id={`${id}-search`}
              type="search"
              autoComplete="off"
              value={text}
              placeholder={kind === 'movie' ? 'Search for a movie…' : 'Search for a TV show…'}
              aria-describedby={`${id}-status`}
              onChange={(e) => {
                setText(e.target.value)
                setShowAll(false)
              }}
              onKeyDown={(e) => {
                // Escape clears the search first; a second Escape closes the dialog.
                if (e.key === 'Escape' && text) {
                  e.preventDefault()
                  setText('')
                  return
                }
                if (e.key !== 'Enter') return
                // Enter picks the first result instead of submitting the form.
                e.preventDefault()
                const first = results[0]
                if (first && !search.isPlaceholderData) pick(first)
              }}
            />
          </label>
          <div id={`${id}-status`} aria-live="polite">
            {!isSearchable(text) ? (
              <p className="text-xs text-base-content/60">Type at least 2 characters to search.</p>
            ) : search.isError ? (
              <p className="flex items-center gap-2 text-sm text-error">
                <AlertIcon className="size-4" /> {names.failed}
              </p>
            ) : search.isPending || !isSearchable(query) ? (
              <p className="flex items-center gap-2 text-sm text-base-content/60">
                <span className="loading loading-spinner loading-xs" aria-hidden="true" /> Searching…
              </p>
            ) : results.length === 0 && !search.isPlaceholderData ? (
              <p className="text-sm text-base-content/60">
                No {kind === 'movie' ? 'movies' : 'TV shows'} found for “{query}”
              </p>
            ) : (
              <p className="sr-only">{`${total} ${total === 1 ? 'result' : 'results'}`}</p>
            )}
          </div>
          {isSearchable(text) && visible.length > 0 && (
            <ul
              aria-label={`${names.label} results`}
              className={`grid gap-1 ${search.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
            >
              {visible.map((result) => {
                const title = toPicked(kind, result)
                return (
                  <li key={result.id}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-3 rounded-field p-2 text-left transition-colors hover:bg-base-200 focus-visible:bg-base-200"
                      onClick={() => pick(result)}
                    >
                      <Poster id={title.id} title={title.title} path={title.posterPath} size="w92" className="w-9" decorative />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{title.title}</span>
                        {title.year && <span className="block text-xs text-base-content/60">{title.year}</span>}
                      </span>
                    </button>
                  </li>
                )
              })}
            </ul>
          )}
          {isSearchable(text) && !showAll && results.length > ADD_DIALOG_RESULTS && (
            <button type="button" className="btn btn-ghost btn-sm justify-self-start" onClick={() => setShowAll(true)}>
              Show All <span className="text-base-content/60">({results.length})</span>
            </button>
          )}
        </div>
      )}
    </div>
  )
}
