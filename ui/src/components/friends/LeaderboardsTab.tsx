import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { boardValue, type BoardName, type Period, type RankEntry } from '../../lib/challenges'
import { displayName } from '../../lib/users'
import { useCurrentUser } from '../../queries/auth'
import { rankingsQuery } from '../../queries/challenges'
import { Avatar } from '../ui/Avatar'
import { EmptyState } from '../ui/EmptyState'
import { ChartIcon } from '../ui/icons'

const periods: { value: Period; label: string }[] = [
  { value: 'month', label: 'This Month' },
  { value: 'allTime', label: 'All Time' },
]

const boards: { name: BoardName; title: string; unit: string }[] = [
  { name: 'moviesWatched', title: 'Movies Watched', unit: 'movies' },
  { name: 'hours', title: 'Hours Watched', unit: 'hours' },
  { name: 'reviews', title: 'Reviews Written', unit: 'reviews' },
  { name: 'challengesCompleted', title: 'Challenges Completed', unit: 'challenges' },
]

function Board({ title, name, unit, entries, myRank, myId }: { title: string; name: BoardName; unit: string; entries: RankEntry[]; myRank: number; myId?: string }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} data-testid={`board-${name}`} className="card border border-base-300/70 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <h3 id={headingId} className="card-title text-base">
            {title}
          </h3>
          <span className="text-xs text-base-content/60" data-testid="my-rank">
            {myRank > 0 ? `Your rank: #${myRank}` : 'Not ranked yet'}
          </span>
        </div>
        {entries.length === 0 ? (
          <p className="text-sm text-base-content/60">Nobody is on this board yet.</p>
        ) : (
          <ol className="grid gap-1">
            {entries.map((entry) => {
              const me = entry.user.id === myId
              return (
                <li
                  key={entry.user.id}
                  data-testid="rank-row"
                  aria-current={me ? 'true' : undefined}
                  className={`flex items-center gap-3 rounded-field px-2 py-1.5 ${me ? 'bg-primary/10 font-semibold ring-1 ring-primary/40' : ''}`}
                >
                  <span className="w-7 text-right text-sm font-bold tabular-nums text-base-content/70">#{entry.rank}</span>
                  <Link to={`/profile/${entry.user.id}`} className="flex min-w-0 flex-1 items-center gap-2 hover:opacity-80">
                    <Avatar user={entry.user} size="xs" />
                    <span className="truncate text-sm" data-testid="rank-name">
                      {displayName(entry.user)}
                      {me && <span className="ml-1 text-xs text-primary">(you)</span>}
                    </span>
                  </Link>
                  <span className="text-sm tabular-nums">
                    {boardValue(name, entry.value)}
                    <span className="sr-only"> {unit}</span>
                  </span>
                </li>
              )
            })}
          </ol>
        )}
      </div>
    </section>
  )
}

/**
 * LeaderboardsTab: you and the members you follow on four boards (movies watched, hours,
 * reviews, challenges completed), this month or all time, your own row highlighted.
 */
export function LeaderboardsTab() {
  const [period, setPeriod] = useState<Period>('month')
  const { data, isPending, isError, refetch } = useQuery(rankingsQuery())
  const { data: user } = useCurrentUser()
  if (isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2" aria-busy="true">
        {boards.map((b) => (
          <div key={b.name} className="skeleton h-48 rounded-box" />
        ))}
      </div>
    )
  }
  if (isError) {
    return (
      <EmptyState icon={<ChartIcon className="size-7" />} title="Leaderboards are unavailable right now">
        <button type="button" className="link" onClick={() => void refetch()}>
          Try again
        </button>
      </EmptyState>
    )
  }
  const current = data[period]
  const empty = boards.every((b) => (current[b.name] ?? []).length === 0)
  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Leaderboard period" className="join">
        {periods.map((p) => (
          <button
            key={p.value}
            type="button"
            aria-pressed={period === p.value}
            className={`btn join-item btn-sm ${period === p.value ? 'btn-primary' : ''}`}
            onClick={() => setPeriod(p.value)}
          >
            {p.label}
          </button>
        ))}
      </div>
      {empty ? (
        <EmptyState icon={<ChartIcon className="size-7" />} title="The leaderboard is empty">
          It fills up as you and your friends log titles{period === 'month' ? ' this month' : ''}.
        </EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {boards.map((b) => (
            <Board
              key={b.name}
              title={b.title}
              name={b.name}
              unit={b.unit}
              entries={current[b.name] ?? []}
              myRank={data.myRank[period]?.[b.name] ?? 0}
              myId={user?.id}
            />
          ))}
        </div>
      )}
    </div>
  )
}
