import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { isoDay } from '../../lib/tv'
import { upNextQuery } from '../../queries/tv'
import { LoadProblem } from '../profile/DiaryList'
import { EmptyState } from '../ui/EmptyState'
import { CalendarIcon, PlayIcon } from '../ui/icons'
import { UpNextCard } from './UpNextCard'

/** UpNextList: the watchlist's 'Up Next' tab: every show in progress with its next episode. */
export function UpNextList() {
  const { data, isPending, isError, refetch } = useQuery(upNextQuery())
  if (isPending) {
    return (
      <ul className="grid gap-3 md:grid-cols-2" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="skeleton h-28">
            <span className="sr-only">Loading</span>
          </li>
        ))}
      </ul>
    )
  }
  if (isError) return <LoadProblem what="Up Next" onRetry={() => void refetch()} />
  if (data.length === 0) {
    return (
      <EmptyState
        icon={<PlayIcon className="size-7" />}
        title="Nothing up next"
        action={
          <Link to="/search?tab=tv" className="btn btn-primary">
            Find a show
          </Link>
        }
      >
        Mark an episode of a show you are watching, and the next one waits for you here.
      </EmptyState>
    )
  }
  const today = isoDay(new Date())
  return (
    <>
      <p className="mb-3 text-sm text-base-content/70">
        <Link to="/calendar" className="link link-hover inline-flex items-center gap-1">
          <CalendarIcon className="size-4" /> What airs next
        </Link>
      </p>
      <ul className="grid gap-3 md:grid-cols-2">
        {data.map((item) => (
          <li key={item.show.id}>
            <UpNextCard item={item} today={today} />
          </li>
        ))}
      </ul>
    </>
  )
}
