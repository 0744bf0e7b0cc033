import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { RecommendedList } from '../components/collab/RecommendedList'
import { openAddDialog } from '../components/diary/addDialogStore'
import { UpNextList } from '../components/tv/UpNextList'
import { WatchlistCard, WatchlistSkeleton } from '../components/diary/WatchlistCard'
import { LoadProblem } from '../components/profile/DiaryList'
import { EmptyState } from '../components/ui/EmptyState'
import { BookmarkIcon, EyeIcon, PlusIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/PageHeader'
import { ParamTabs, useTabParam } from '../components/ui/ParamTabs'
import { sortByUpdated } from '../lib/diary'
import type { WatchStatus } from '../lib/rating'
import { entriesQuery } from '../queries/diary'

const tabs = [
  { value: 'watchlist', label: 'Watchlist' },
  { value: 'up-next', label: 'Up Next' },
  { value: 'watching', label: 'Currently Watching' },
  { value: 'recommended', label: 'Recommended' },
] as const

const empty = {
  watchlist: { icon: <BookmarkIcon className="size-7" />, title: 'Your watchlist is empty', body: 'Movies and shows you plan to watch will wait for you here.' },
  watching: { icon: <EyeIcon className="size-7" />, title: 'Nothing in progress', body: 'Movies and shows you are in the middle of appear here.' },
}

/**
 * Watchlist (/watchlist?tab=watchlist|up-next|watching|recommended): what you plan to
 * watch, the next episode of each show you are in the middle of (tab=up-next), what you
 * are watching, movies and shows together, newest change first; and what friends
 * recommended to you (tab=recommended, SPEC §2).
 */
export default function Watchlist() {
  const tab = useTabParam('tab', tabs)
  const movies = useQuery(entriesQuery('movie'))
  const shows = useQuery(entriesQuery('tv'))
  const status: WatchStatus = tab === 'watching' ? 'currently_watching' : 'plan_to_watch'
  const entries = sortByUpdated([...(movies.data ?? []), ...(shows.data ?? [])].filter((e) => e.status === status))
  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Watchlist">Everything you plan to watch, in one place.</PageHeader>
      <ParamTabs tabs={tabs} label="Watchlist" />
      <div role="tabpanel" aria-label={tabs.find((t) => t.value === tab)?.label}>
        {tab === 'recommended' ? (
          <RecommendedList />
        ) : tab === 'up-next' ? (
          <UpNextList />
        ) : movies.isPending || shows.isPending ? (
          <WatchlistSkeleton />
        ) : movies.isError || shows.isError ? (
          <LoadProblem what="Your lists" onRetry={() => void Promise.all([movies.refetch(), shows.refetch()])} />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={empty[tab === 'watching' ? 'watching' : 'watchlist'].icon}
            title={empty[tab === 'watching' ? 'watching' : 'watchlist'].title}
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <button type="button" className="btn btn-primary" onClick={() => openAddDialog({ status })}>
                  <PlusIcon className="size-4" /> Add a Title
                </button>
                <Link to="/search" className="btn btn-ghost">
                  Explore titles
                </Link>
              </div>
            }
          >
            {empty[tab === 'watching' ? 'watching' : 'watchlist'].body}
          </EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {entries.map((entry) => (
              <li key={entry.id}>
                <WatchlistCard entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
