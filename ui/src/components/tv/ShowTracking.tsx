import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { airsLabel, code, episodeTitle, isoDay, progressLabel } from '../../lib/tv'
import { progressQuery } from '../../queries/tv'
import { CalendarIcon, CheckIcon } from '../ui/icons'
import { ProgressBar } from './ProgressBar'
import { useTracking } from './useTracking'

/**
 * ShowTracking: on a TV page, the member's progress on the show ('Watched 12 of 19
 * episodes', a bar) and the episode up next with a button that marks it watched (or when
 * it airs, when it has not yet).
 */
export function ShowTracking({ show }: { show: { id: number; name: string } }) {
  const { data, isPending, isError, refetch } = useQuery(progressQuery(show.id))
  const tracking = useTracking(show)
  if (isPending) {
    return (
      <section aria-label="Your progress" aria-busy="true" className="mt-8 rounded-box border border-base-300/70 bg-base-100 p-4">
        <div className="skeleton h-4 w-48" />
        <div className="skeleton mt-3 h-2 w-full" />
      </section>
    )
  }
  if (isError) {
    return (
      <p className="mt-8 text-sm text-error">
        Your progress could not be loaded.{' '}
        <button type="button" className="link" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    )
  }
  if (data.total === 0) return null
  const next = data.next
  const today = isoDay(new Date())
  const airs = airsLabel(next?.airDate, today)
  return (
    <section aria-labelledby="progress-heading" className="mt-8 rounded-box border border-base-300/70 bg-base-100 p-4" data-testid="show-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="progress-heading" className="font-semibold">
          {progressLabel(data.watched, data.total)}
        </h2>
        <Link to="/calendar" className="link link-hover inline-flex items-center gap-1 text-sm text-base-content/70">
          <CalendarIcon className="size-4" /> Calendar
        </Link>
      </div>
      <ProgressBar watched={data.watched} total={data.total} label={`${show.name}: episodes watched`} className="mt-2 w-full" />
      {next ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            <span className="font-semibold">Up Next</span> <span className="font-mono">{code(next)}</span>
            <span className="text-base-content/70"> · {episodeTitle(next)}</span>
            {airs && <span className="ml-2 badge badge-soft badge-info">{airs}</span>}
          </p>
          {!airs && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={tracking.pending}
              aria-label={`Mark ${show.name} ${code(next)} watched`}
              onClick={() => void tracking.mark({ season: next.season, episode: next.episode })}
            >
              <CheckIcon className="size-4" /> Mark {code(next)} watched
            </button>
          )}
        </div>
      ) : (
        data.watched >= data.total && <p className="mt-3 text-sm text-success">You've watched every episode.</p>
      )}
      {tracking.dialog}
    </section>
  )
}
