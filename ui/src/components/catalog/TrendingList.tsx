import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import {
  runtimeLabel,
  seasonsLabel,
  titlePath,
  TRENDING_LIMIT,
  voteLabel,
  yearOf,
  type CatalogKind,
  type TrendingItem,
} from '../../lib/catalog'
import { trendingMoviesQuery, trendingTvQuery } from '../../queries/catalog'
import { StarIcon } from '../ui/icons'
import { Poster } from './Poster'

const headings: Record<CatalogKind, string> = {
  movie: 'Trending Movies',
  tv: 'Trending TV Shows',
}

/**
 * TrendingList: the first 6 trending movies or shows (SPEC §2 home, right column), each
 * linking to its page with poster, title, vote, year and runtime or season count.
 */
export function TrendingList({ kind }: { kind: CatalogKind }) {
  const { data, isPending, isError } = useQuery(kind === 'movie' ? trendingMoviesQuery() : trendingTvQuery())
  const headingId = `trending-${kind}-heading`
  return (
    <section aria-labelledby={headingId} className="card border border-base-300/70 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <h2 id={headingId} className="card-title text-base">
          {headings[kind]}
        </h2>
        {isPending ? (
          <TrendingSkeleton />
        ) : isError ? (
          <p className="text-sm text-base-content/60">Trending titles are unavailable right now.</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-base-content/60">Nothing is trending yet.</p>
        ) : (
          <ol className="-mx-2 flex flex-col">
            {data.slice(0, TRENDING_LIMIT).map((item) => (
              <li key={item.id}>
                <TrendingRow item={item} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  )
}

/** TrendingColumn: both lists, stacked, for the home page's right column. */
export function TrendingColumn({ className = '' }: { className?: string }) {
  return (
    <div className={`flex flex-col gap-4 ${className}`}>
      <TrendingList kind="movie" />
      <TrendingList kind="tv" />
    </div>
  )
}

function TrendingRow({ item }: { item: TrendingItem }) {
  const vote = voteLabel(item.voteAverage)
  const year = yearOf(item.date)
  const length = item.kind === 'movie' ? runtimeLabel(item.length) : seasonsLabel(item.length)
  return (
    <Link
      to={titlePath(item.kind, item.id)}
      className="flex items-center gap-3 rounded-box p-2 transition-colors hover:bg-base-200 focus-visible:bg-base-200"
    >
      <Poster id={item.id} title={item.title} path={item.posterPath} size="w154" className="w-12" decorative />
      <div className="min-w-0 flex-1">
        <p className="line-clamp-2 text-sm leading-snug font-semibold">{item.title}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-base-content/60">
          {vote && (
            <span className="inline-flex items-center gap-0.5 font-medium text-base-content/80">
              <StarIcon className="size-3.5 fill-warning text-warning" />
              <span className="sr-only">Rating </span>
              {vote}
            </span>
          )}
          {year && <span>{year}</span>}
        </p>
        <p className="text-xs text-base-content/60">{length}</p>
      </div>
    </Link>
  )
}

function TrendingSkeleton() {
  return (
    <ol className="flex flex-col gap-3" aria-busy="true" aria-label="Loading trending titles">
      {Array.from({ length: TRENDING_LIMIT }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <div className="skeleton aspect-[2/3] w-12 shrink-0 rounded-lg" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton h-3.5 w-4/5" />
            <div className="skeleton h-3 w-1/3" />
            <div className="skeleton h-3 w-1/2" />
          </div>
        </li>
      ))}
    </ol>
  )
}
