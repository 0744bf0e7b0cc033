import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { serverMessage } from '../../lib/apiErrors'
import { toast } from '../../lib/toast'
import { displayName } from '../../lib/users'
import { recommendationsQuery, useDismissRecommendation, type Recommendation } from '../../queries/collab'
import { useLogEntry } from '../../queries/diary'
import { Poster } from '../catalog/Poster'
import { WatchlistSkeleton } from '../diary/WatchlistCard'
import { LoadProblem } from '../profile/DiaryList'
import { EmptyState } from '../ui/EmptyState'
import { BookmarkIcon, SparklesIcon } from '../ui/icons'

/**
 * RecommendedList: the Watchlist page's Recommended tab: what friends recommended to you,
 * newest first, each with 'Add to Watchlist' (then it leaves the list) and 'Dismiss'.
 */
export function RecommendedList() {
  const list = useQuery(recommendationsQuery())
  if (list.isPending) return <WatchlistSkeleton />
  if (list.isError) return <LoadProblem what="Your recommendations" onRetry={() => void list.refetch()} />
  if (!list.data?.length)
    return (
      <EmptyState icon={<SparklesIcon className="size-7" />} title="No recommendations yet">
        When a friend recommends a movie or show to you, it will appear here.
      </EmptyState>
    )
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Recommendations">
      {list.data.map((r) => (
        <li key={r.id}>
          <RecommendationCard rec={r} />
        </li>
      ))}
    </ul>
  )
}

function RecommendationCard({ rec }: { rec: Recommendation }) {
  const dismiss = useDismissRecommendation()
  const log = useLogEntry()
  const name = rec.title.title ?? rec.title.name ?? 'Unknown Title'
  const link = titlePath(rec.kind, rec.title.id)
  const from = displayName(rec.from)

  const addToWatchlist = async () => {
    const idField = rec.kind === 'movie' ? { movieId: rec.title.id } : { tvShowId: rec.title.id }
    try {
      await log.mutateAsync({ kind: rec.kind, payload: { ...idField, status: 'plan_to_watch' } })
      toast({ title: 'Added to Watchlist', description: `${name} is on your watchlist.` })
      dismiss.mutate(rec.id)
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, rec.kind === 'movie' ? 'Failed to add movie' : 'Failed to add TV show'), variant: 'destructive' })
    }
  }

  return (
    <article className="card card-side border border-base-300/70 bg-base-100 p-3 shadow-sm" data-testid="recommendation">
      <Link to={link} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Poster id={rec.title.id} title={name} path={rec.title.posterPath ?? null} size="w154" decorative className="w-16" />
      </Link>
      <div className="min-w-0 flex-1 pl-3">
        <h3 className="leading-tight font-bold">
          <Link to={link} className="hover:text-primary hover:underline">
            {name}
          </Link>
          {rec.title.year && <span className="ml-1 font-normal text-base-content/60">({rec.title.year})</span>}
        </h3>
        <p className="mt-0.5 text-sm text-base-content/70">Recommended by {from}</p>
        {rec.message?.trim() && <p className="mt-1 text-sm break-words whitespace-pre-line italic">“{rec.message.trim()}”</p>}
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-xs" disabled={log.isPending || dismiss.isPending} onClick={() => void addToWatchlist()}>
            <BookmarkIcon className="size-3.5" /> Add to Watchlist
          </button>
          <button type="button" className="btn btn-ghost btn-xs" disabled={dismiss.isPending} onClick={() => dismiss.mutate(rec.id)}>
            Dismiss
          </button>
        </div>
      </div>
    </article>
  )
}
