import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { isoDay } from '../../lib/tv'
import { upNextQuery } from '../../queries/tv'
import { UpNextCard } from './UpNextCard'

/** How many shows the home row shows (the watchlist's Up Next tab lists them all). */
const HOME_SHOWS = 6

/**
 * ContinueWatching: the home page's row of shows in progress, newest activity first:
 * above the feed on phones (a row that scrolls sideways), in the left column on large
 * screens (a stack). Nothing shows until the member has a show in progress.
 */
export function ContinueWatching({ layout, className = '' }: { layout: 'row' | 'stack'; className?: string }) {
  const { data, isPending, isError, refetch } = useQuery(upNextQuery())
  const items = (data ?? []).slice(0, HOME_SHOWS)
  if (!isPending && !isError && items.length === 0) return null
  const today = isoDay(new Date())
  return (
    <section aria-labelledby="continue-watching" className={`min-w-0 ${className}`}>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h2 id="continue-watching" className="font-semibold">
          Continue Watching
        </h2>
        <Link to="/watchlist?tab=up-next" className="link link-hover text-xs text-base-content/70">
          See all
        </Link>
      </div>
      {isPending ? (
        <div className={layout === 'row' ? 'flex gap-3 overflow-hidden' : 'grid gap-2'} aria-busy="true">
          {[0, 1].map((i) => (
            <div key={i} className="skeleton h-24 w-64 shrink-0 lg:w-full">
              <span className="sr-only">Loading</span>
            </div>
          ))}
        </div>
      ) : isError ? (
        <p className="text-sm text-base-content/60">
          Your shows could not be loaded.{' '}
          <button type="button" className="link" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className={layout === 'row' ? '-mx-1 flex snap-x gap-3 overflow-x-auto px-1 pb-1' : 'grid gap-2'}>
          {items.map((item) => (
            <li key={item.show.id} className={layout === 'row' ? 'w-72 shrink-0 snap-start' : ''}>
              <UpNextCard item={item} today={today} compact={layout === 'stack'} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
