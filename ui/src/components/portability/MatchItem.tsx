import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useDebouncedValue } from '../../hooks/useDebouncedValue'
import { serverMessage } from '../../lib/apiErrors'
import { yearOf } from '../../lib/catalog'
import { unmatchedLabel, type UnmatchedItem } from '../../lib/portability'
import { toast } from '../../lib/toast'
import { movieSearchQuery, tvSearchQuery } from '../../queries/catalog'
import { useMatchItem } from '../../queries/portability'

interface Candidate {
  id: number
  title: string
  year: string | null
}

/**
 * MatchItem: one unmatched row. 'Match' opens a search of the catalog (movies or TV, as
 * the row was); picking a result matches the row, and it leaves the list.
 */
export function MatchItem({ importId, item }: { importId: string; item: UnmatchedItem }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState(item.title)
  const debounced = useDebouncedValue(query)
  const match = useMatchItem(importId)
  const movies = useQuery({ ...movieSearchQuery(debounced), enabled: open && item.kind === 'movie' && debounced.trim().length >= 2 })
  const shows = useQuery({ ...tvSearchQuery(debounced), enabled: open && item.kind === 'tv' && debounced.trim().length >= 2 })
  const candidates: Candidate[] =
    item.kind === 'movie'
      ? (movies.data?.results ?? []).map((r) => ({ id: r.id, title: r.title, year: yearOf(r.release_date) }))
      : (shows.data?.results ?? []).map((r) => ({ id: r.id, title: r.name, year: yearOf(r.first_air_date) }))
  const label = unmatchedLabel(item)

  const pick = (c: Candidate) =>
    match.mutate(
      { index: item.index, tmdbId: c.id },
      {
        onSuccess: () => toast({ title: 'Matched', description: `“${label}” is now ${c.title} in your diary.` }),
        onError: (err) => toast({ title: 'Could not match', description: serverMessage(err, 'Try again.'), variant: 'destructive' }),
      },
    )

  return (
    <div>
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <div className="truncate font-medium">{label}</div>
          <div className="text-xs text-base-content/60">
            {item.kind === 'tv' ? 'TV show' : 'Movie'} · from {item.source}
          </div>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline"
          aria-expanded={open}
          aria-controls={open ? `${id}-panel` : undefined}
          aria-label={`Match ${label}`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Cancel' : 'Match'}
        </button>
      </div>
      {open && (
        <div id={`${id}-panel`} className="mt-2 rounded-box bg-base-200 p-3">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            Find the {item.kind === 'tv' ? 'TV show' : 'movie'}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="input input-sm mt-1 w-full"
            value={query}
            autoFocus
            onChange={(e) => setQuery(e.target.value)}
          />
          <ul aria-label={`Titles for ${label}`} className="mt-2 space-y-1">
            {candidates.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm w-full justify-between"
                  disabled={match.isPending}
                  onClick={() => pick(c)}
                >
                  <span className="truncate">{c.title}</span>
                  {c.year && <span className="text-base-content/60">{c.year}</span>}
                </button>
              </li>
            ))}
          </ul>
          {debounced.trim().length >= 2 && !movies.isFetching && !shows.isFetching && candidates.length === 0 && (
            <p className="mt-2 text-sm text-base-content/70">No titles found. Try another name.</p>
          )}
        </div>
      )}
    </div>
  )
}
