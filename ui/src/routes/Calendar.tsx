import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { CalendarDays } from '../components/tv/CalendarDays'
import { EmptyState } from '../components/ui/EmptyState'
import { CalendarIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/PageHeader'
import { Spinner } from '../components/ui/Spinner'
import { groupByDay, isoDay } from '../lib/tv'
import { calendarQuery } from '../queries/tv'

/** The days ahead the calendar shows (the server adds the last 7). */
const DAYS = 30

/** The member's time zone, so "today" is their today. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/**
 * Calendar (/calendar): episodes of the shows the member watches or has on the watchlist
 * airing in the next 30 days and aired in the last 7, grouped by day in their time zone.
 * Air dates come from TMDB: with the embedded catalog alone the page says how to get them.
 */
export default function Calendar() {
  const { data, isPending, isError, refetch } = useQuery(calendarQuery(DAYS, timeZone))
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader
        title="Calendar"
        actions={
          <Link to="/settings/calendar" className="btn btn-ghost btn-sm">
            <CalendarIcon className="size-4" /> Subscribe in your calendar app
          </Link>
        }
      >
        What airs next for the shows you watch or plan to watch.
      </PageHeader>
      {isPending ? (
        <div className="grid min-h-[20vh] place-items-center">
          <Spinner label="Loading the calendar" />
        </div>
      ) : isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>The calendar could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : data.provider === 'embedded' ? (
        <EmptyState icon={<CalendarIcon className="size-7" />} title="Air dates need TMDB">
          This community uses CineCircle&apos;s built-in catalog, which knows every show&apos;s seasons and episodes but not
          when they air. Whoever runs it can connect The Movie Database (TMDB): set <code>TMDB_API_KEY</code> on the
          server, or add the key under <strong>Collections › catalog_settings</strong> in the dashboard (<code>/_/</code>).
          The calendar then fills in by itself.
        </EmptyState>
      ) : data.episodes.length === 0 ? (
        <EmptyState
          icon={<CalendarIcon className="size-7" />}
          title="Nothing airs in the next 30 days"
          action={
            <Link to="/search?tab=tv" className="btn btn-primary">
              Find shows to follow
            </Link>
          }
        >
          Episodes of the shows you watch or have on your watchlist appear here as their air dates are announced.
        </EmptyState>
      ) : (
        <CalendarDays days={groupByDay(data.episodes, isoDay(new Date(), timeZone))} />
      )}
    </div>
  )
}
