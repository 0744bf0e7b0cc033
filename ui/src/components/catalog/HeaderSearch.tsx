import { useQuery } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useDebouncedValue } from '../../hooks/useDebouncedValue'
import {
  headerDropdown,
  moveActive,
  SEARCH_DEBOUNCE_MS,
  searchPath,
  shouldSearch,
  titlePath,
  viewAllLabel,
  voteLabel,
  yearOf,
  type CatalogKind,
} from '../../lib/catalog'
import { movieSearchQuery, tvSearchQuery } from '../../queries/catalog'
import { SearchIcon, StarIcon } from '../ui/icons'
import { Poster } from './Poster'

type Section = 'movies' | 'tv' | 'all'

/** One entry the arrow keys can land on: a title, a 'View All' or the footer link. */
interface Entry {
  key: string
  section: Section
  href: string
  label: string
  title?: { kind: CatalogKind; id: number; posterPath: string | null; year: string | null; vote: string | null }
}

/**
 * HeaderSearch: the desktop header's search box with its dropdown (SPEC §2, §5, §9). It
 * searches 300 ms after typing stops, from 2 characters, only for a signed-in member, and
 * shows 3 movies and 3 shows, 'View All' per type past 3 and 'View all N results' past 6.
 * Keyboard: arrows move, Enter opens (or, with nothing highlighted, the Explore page),
 * Escape closes. ARIA combobox with a grouped listbox.
 */
export function HeaderSearch({ signedIn, className = '' }: { signedIn: boolean; className?: string }) {
  const navigate = useNavigate()
  const listId = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS)
  const enabled = shouldSearch(debounced, signedIn)
  const movies = useQuery({ ...movieSearchQuery(debounced), enabled })
  const tv = useQuery({ ...tvSearchQuery(debounced), enabled })

  const q = debounced.trim()
  const model = headerDropdown(movies.data, tv.data)
  const entries: Entry[] = [
    ...model.movies.map((m) => ({
      key: `movie-${m.id}`,
      section: 'movies' as const,
      href: titlePath('movie', m.id),
      label: m.title,
      title: { kind: 'movie' as const, id: m.id, posterPath: m.poster_path, year: yearOf(m.release_date), vote: voteLabel(m.vote_average) },
    })),
    ...(model.moreMovies ? [{ key: 'movies-all', section: 'movies' as const, href: searchPath(q, 'movies'), label: 'View All' }] : []),
    ...model.tv.map((s) => ({
      key: `tv-${s.id}`,
      section: 'tv' as const,
      href: titlePath('tv', s.id),
      label: s.name,
      title: { kind: 'tv' as const, id: s.id, posterPath: s.poster_path, year: yearOf(s.first_air_date), vote: voteLabel(s.vote_average) },
    })),
    ...(model.moreTv ? [{ key: 'tv-all', section: 'tv' as const, href: searchPath(q, 'tv'), label: 'View All' }] : []),
    ...(model.showAll ? [{ key: 'all', section: 'all' as const, href: searchPath(q, 'movies'), label: viewAllLabel(model.total) }] : []),
  ]

  const expanded = open && enabled && shouldSearch(text, signedIn)
  const activeEntry = expanded ? entries[active] : undefined
  const optionId = (entry: Entry) => `${listId}-${entry.key}`
  const loading = (movies.isPending && movies.isFetching) || (tv.isPending && tv.isFetching)
  const settled = !loading && !movies.isPlaceholderData && !tv.isPlaceholderData

  function close() {
    setOpen(false)
    setActive(-1)
  }

  function choose(href: string) {
    close()
    setText('')
    void navigate(href)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        setOpen(true)
        setActive((current) => moveActive(expanded ? current : -1, entries.length, event.key === 'ArrowDown' ? 1 : -1))
        break
      }
      case 'Enter': {
        event.preventDefault()
        if (activeEntry) choose(activeEntry.href)
        else if (shouldSearch(text, signedIn)) choose(searchPath(text, 'movies'))
        break
      }
      case 'Escape': {
        if (expanded) {
          event.preventDefault()
          close()
        } else if (text) {
          event.preventDefault()
          setText('')
        }
        break
      }
      case 'Tab':
        close()
        break
    }
  }

  const renderEntry = (entry: Entry) => {
    const index = entries.indexOf(entry)
    const selected = index === active
    const common = {
      id: optionId(entry),
      role: 'option',
      'aria-selected': selected,
      tabIndex: -1,
      onMouseEnter: () => setActive(index),
      onClick: () => {
        close()
        setText('')
      },
    } as const
    if (!entry.title) {
      return (
        <Link
          key={entry.key}
          to={entry.href}
          {...common}
          className={`block rounded-field px-3 py-2 text-sm font-medium text-primary ${selected ? 'bg-base-200' : ''} ${entry.section === 'all' ? 'text-center' : ''}`}
        >
          {entry.label}
        </Link>
      )
    }
    const { id, posterPath, year, vote } = entry.title
    return (
      <Link
        key={entry.key}
        to={entry.href}
        {...common}
        className={`flex items-center gap-3 rounded-field px-2 py-1.5 ${selected ? 'bg-base-200' : ''}`}
      >
        <Poster id={id} title={entry.label} path={posterPath} size="w92" className="w-9 rounded-md" decorative />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{entry.label}</span>
          <span className="flex items-center gap-2 text-xs text-base-content/60">
            {year && <span>{year}</span>}
            {vote && (
              <span className="inline-flex items-center gap-0.5">
                <StarIcon className="size-3 fill-warning text-warning" />
                {vote}
              </span>
            )}
          </span>
        </span>
      </Link>
    )
  }

  const group = (section: 'movies' | 'tv', heading: string, failed: boolean, failure: string) => {
    const items = entries.filter((e) => e.section === section)
    if (!failed && items.length === 0) return null
    const headingId = `${listId}-${section}`
    return (
      <div role="group" aria-labelledby={headingId} className="py-1">
        <div id={headingId} role="presentation" className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-base-content/50 uppercase">
          {heading}
        </div>
        {failed && (
          <div role="presentation" className="px-3 py-1 text-sm text-error">
            {failure}
          </div>
        )}
        {items.map(renderEntry)}
      </div>
    )
  }

  const footer = entries.find((e) => e.section === 'all')
  const empty = settled && !movies.isError && !tv.isError && model.movies.length === 0 && model.tv.length === 0

  return (
    <div
      className={`relative w-full max-w-sm ${className}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close()
      }}
    >
      <label className="input input-sm w-full rounded-full bg-base-200/70 focus-within:bg-base-100">
        <SearchIcon className="size-4 opacity-60" />
        <span className="sr-only">Search movies and TV shows</span>
        <input
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeEntry ? optionId(activeEntry) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search movies & TV shows"
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setActive(-1)
            setOpen(true)
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </label>
      {expanded && (
        <div
          className="absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-xl"
          // Keep focus in the box while a pointer picks an entry, so blur does not close it first.
          onMouseDown={(event) => event.preventDefault()}
        >
          <div id={listId} role="listbox" aria-label="Search results">
            {group('movies', 'Movies', movies.isError, 'Movie search failed')}
            {group('tv', 'TV Shows', tv.isError, 'TV search failed')}
            {footer && <div className="mt-1 border-t border-base-300 pt-1">{renderEntry(footer)}</div>}
          </div>
          {loading && (
            <p role="status" className="px-3 py-3 text-sm text-base-content/60">
              Searching…
            </p>
          )}
          {empty && (
            <p role="status" className="px-3 py-3 text-sm text-base-content/60">
              No results for “{q}”
            </p>
          )}
        </div>
      )}
    </div>
  )
}
