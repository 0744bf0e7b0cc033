import { useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { hoursLabel } from '../../lib/diary'
import { statsQuery } from '../../queries/diary'
import { ClockIcon, FilmIcon, MessageIcon, TvIcon } from '../ui/icons'

/**
 * StatsCard: 'Your Stats This Month' (SPEC §2 home, left sidebar) from GET /api/user/stats:
 * movies and episodes watched, reviews written and hours watched since the 1st.
 */
export function StatsCard({ className = '' }: { className?: string }) {
  const { data, isPending, isError, refetch } = useQuery(statsQuery())
  const headingId = useId()
  const items: { label: string; value: string | undefined; icon: ReactNode; testId: string }[] = [
    { label: 'Movies', value: data ? String(data.moviesWatchedThisMonth) : undefined, icon: <FilmIcon className="size-4" />, testId: 'stats-movies' },
    { label: 'Episodes', value: data ? String(data.episodesWatchedThisMonth ?? 0) : undefined, icon: <TvIcon className="size-4" />, testId: 'stats-episodes' },
    { label: 'Reviews', value: data ? String(data.reviewsThisMonth) : undefined, icon: <MessageIcon className="size-4" />, testId: 'stats-reviews' },
    { label: 'Hours', value: data ? hoursLabel(data.hoursWatchedThisMonth) : undefined, icon: <ClockIcon className="size-4" />, testId: 'stats-hours' },
  ]
  return (
    <section aria-labelledby={headingId} className={`card border border-base-300/70 bg-base-100 shadow-sm ${className}`}>
      <div className="card-body gap-3 p-4">
        <h2 id={headingId} className="card-title text-base">
          Your Stats This Month
        </h2>
        {isError ? (
          <p className="text-sm text-base-content/60">
            Stats are unavailable right now.{' '}
            <button type="button" className="link" onClick={() => void refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2" aria-busy={isPending}>
            {items.map((item) => (
              <div key={item.label} className="flex flex-col-reverse items-center rounded-field bg-base-200/70 px-2 py-3 text-center">
                <dt className="mt-1 inline-flex items-center gap-1 text-xs text-base-content/60">
                  {item.icon}
                  {item.label}
                </dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid={item.testId}>
                  {item.value ?? <span className="skeleton inline-block h-7 w-8 align-middle"><span className="sr-only">Loading</span></span>}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  )
}
