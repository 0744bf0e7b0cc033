import { AddToListButton } from '../lists/TitleLists'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { isSearchable, titlePath, voteLabel, yearOf, type CatalogKind, type SearchPage } from '../../lib/catalog'
import { EmptyState } from '../ui/EmptyState'
import { AlertIcon, FilmIcon, StarIcon, TvIcon } from '../ui/icons'
import { Poster } from './Poster'

/** A search result, either kind, with the fields a result card shows. */
export interface ResultCard {
  id: number
  title: string
  posterPath: string | null
  date: string | null
  vote: number | null
  overview: string | null
}

const copy: Record<CatalogKind, { failed: string; none: (q: string) => string; noun: string }> = {
  movie: { failed: 'Movie search failed', none: (q) => `No movies found for “${q}”`, noun: 'movies' },
  tv: { failed: 'TV search failed', none: (q) => `No TV shows found for “${q}”`, noun: 'TV shows' },
}

/**
 * SearchResults: one tab of the Explore page: a hint before 2 characters, skeletons while
 * loading, the search's error, a no-results message naming the query, or the result cards.
 */
export function SearchResults<T>({
  kind,
  query,
  result,
  toCard,
}: {
  kind: CatalogKind
  query: string
  result: UseQueryResult<SearchPage<T>>
  toCard: (item: T) => ResultCard
}) {
  if (!isSearchable(query)) {
    return <p className="py-8 text-center text-base-content/60">Type at least 2 characters to search.</p>
  }
  if (result.isPending) return <ResultsSkeleton />
  if (result.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <AlertIcon />
        <span>{copy[kind].failed}</span>
        <button type="button" className="btn btn-sm" onClick={() => void result.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  const { results, total } = result.data
  if (results.length === 0) {
    return (
      <EmptyState icon={kind === 'movie' ? <FilmIcon /> : <TvIcon />} title={copy[kind].none(query)}>
        Check the spelling, or try fewer words.
      </EmptyState>
    )
  }
  return (
    <div aria-busy={result.isPlaceholderData} className={result.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
      <ul className="grid gap-3 md:grid-cols-2">
        {results.map((item) => {
          const card = toCard(item)
          return (
            <li key={card.id} className="relative">
              <ResultCardLink kind={kind} card={card} />
              <AddToListButton
                title={{ kind, id: card.id, title: card.title, posterPath: card.posterPath ?? null, year: yearOf(card.date) ?? null }}
                className="btn btn-ghost btn-xs absolute right-2 bottom-2"
              />
            </li>
          )
        })}
      </ul>
      {total != null && total > results.length && (
        <p className="mt-4 text-center text-sm text-base-content/60">
          Showing the top {results.length} of {total} {copy[kind].noun}. Add words to narrow the search.
        </p>
      )}
    </div>
  )
}

function ResultCardLink({ kind, card }: { kind: CatalogKind; card: ResultCard }) {
  const year = yearOf(card.date)
  const vote = voteLabel(card.vote)
  return (
    <Link
      to={titlePath(kind, card.id)}
      className="flex h-full gap-4 rounded-box border border-base-300/70 bg-base-100 p-3 shadow-sm transition hover:border-primary/40 hover:shadow-md"
    >
      <Poster id={card.id} title={card.title} path={card.posterPath} size="w185" className="w-20" decorative />
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 font-semibold">{card.title}</h3>
        <p className="mt-0.5 flex items-center gap-3 text-sm text-base-content/60">
          {year && <span>{year}</span>}
          {vote && (
            <span className="inline-flex items-center gap-1">
              <StarIcon className="size-3.5 fill-warning text-warning" />
              <span className="sr-only">Rating </span>
              {vote}
            </span>
          )}
        </p>
        {card.overview && <p className="mt-2 line-clamp-3 text-sm text-base-content/70">{card.overview}</p>}
      </div>
    </Link>
  )
}

function ResultsSkeleton() {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-busy="true" aria-label="Loading results">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex gap-4 rounded-box border border-base-300/70 bg-base-100 p-3">
          <div className="skeleton aspect-[2/3] w-20 shrink-0 rounded-lg" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className="skeleton h-4 w-3/4" />
            <div className="skeleton h-3 w-1/4" />
            <div className="skeleton h-3 w-full" />
            <div className="skeleton h-3 w-5/6" />
          </div>
        </li>
      ))}
    </ul>
  )
}
