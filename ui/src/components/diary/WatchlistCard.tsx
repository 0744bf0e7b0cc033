import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { serverMessage } from '../../lib/apiErrors'
import { titlePath } from '../../lib/catalog'
import { entryTitle, type WatchEntry } from '../../lib/diary'
import { statusLabel } from '../../lib/rating'
import { toast } from '../../lib/toast'
import { detailsQuery } from '../../queries/catalog'
import { useLogEntry, useRemoveEntry } from '../../queries/diary'
import { Poster } from '../catalog/Poster'
import { CheckIcon, FilmIcon, PlayIcon, TrashIcon, TvIcon } from '../ui/icons'
import { openAddDialog, preloadAddDialog } from './addDialogStore'

/**
 * WatchlistCard: a title on the watchlist or being watched: poster, title, year, its
 * status label and the overview in two lines (GET /api/tmdb/{movie|tv}/{id}/details,
 * cached 15 min, SPEC §7), with Mark Watched (the add dialog), Start Watching and Remove.
 */
export function WatchlistCard({ entry }: { entry: WatchEntry }) {
  const title = entryTitle(entry)
  const details = useQuery(detailsQuery(title.kind, title.id))
  const fallback = (title.kind === 'movie' ? entry.movie : entry.tvShow)?.overview
  const overview = details.data?.overview?.trim() || fallback?.trim() || ''
  const log = useLogEntry()
  const remove = useRemoveEntry()
  const busy = log.isPending || remove.isPending
  const where = entry.status === 'currently_watching' ? 'Currently Watching' : 'your watchlist'

  const startWatching = async () => {
    const payload = title.kind === 'movie' ? { movieId: title.id } : { tvShowId: title.id }
    try {
      await log.mutateAsync({ kind: title.kind, payload: { ...payload, status: 'currently_watching' } })
      toast({ title: 'Success', description: `${title.title} moved to Currently Watching.` })
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, 'Failed to update title'), variant: 'destructive' })
    }
  }

  const onRemove = async () => {
    try {
      await remove.mutateAsync({ kind: title.kind, id: title.id })
      toast({ title: 'Removed', description: `${title.title} is no longer on ${where}.` })
    } catch (err) {
      toast({ title: 'Error', description: serverMessage(err, 'Failed to remove title'), variant: 'destructive' })
    }
  }

  return (
    <article className="flex h-full gap-4 rounded-box border border-base-300/70 bg-base-100 p-3 shadow-sm" data-testid="watchlist-card">
      <Link to={titlePath(title.kind, title.id)} tabIndex={-1} aria-hidden="true" className="shrink-0 self-start">
        <Poster id={title.id} title={title.title} path={title.posterPath} size="w154" className="w-20 sm:w-24" decorative />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold">
            <Link to={titlePath(title.kind, title.id)} className="link-hover line-clamp-2">
              {title.title}
            </Link>
          </h3>
          <span className={`badge badge-soft badge-sm shrink-0 ${entry.status === 'currently_watching' ? 'badge-warning' : 'badge-info'}`}>
            {statusLabel(entry.status)}
          </span>
        </div>
        <p className="mt-0.5 flex items-center gap-1.5 text-sm text-base-content/60">
          {title.kind === 'movie' ? <FilmIcon className="size-3.5" /> : <TvIcon className="size-3.5" />}
          {title.kind === 'movie' ? 'Movie' : 'TV Show'}
          {title.year && <span>· {title.year}</span>}
        </p>
        {overview ? (
          <p className="mt-2 line-clamp-2 text-sm text-base-content/75" data-testid="watchlist-overview">
            {overview}
          </p>
        ) : details.isPending ? (
          <div className="mt-2 grid gap-1.5" aria-hidden="true">
            <div className="skeleton h-3 w-full" />
            <div className="skeleton h-3 w-4/5" />
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-3">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={() => openAddDialog({ title, status: 'watched' })}
            onPointerEnter={preloadAddDialog}
            aria-label={`Mark ${title.title} as watched`}
          >
            <CheckIcon className="size-4" /> Mark Watched
          </button>
          {entry.status === 'plan_to_watch' && (
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void startWatching()} aria-label={`Start watching ${title.title}`}>
              <PlayIcon className="size-3.5" /> Start Watching
            </button>
          )}
          <div className="tooltip tooltip-left ml-auto" data-tip="Remove">
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-square text-error"
              disabled={busy}
              onClick={() => void onRemove()}
              aria-label={`Remove ${title.title}`}
            >
              <TrashIcon className="size-4" />
            </button>
          </div>
        </div>
      </div>
    </article>
  )
}

/** WatchlistSkeleton holds the list's shape while it loads. */
export function WatchlistSkeleton() {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-busy="true" aria-label="Loading">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="flex gap-4 rounded-box border border-base-300/70 bg-base-100 p-3">
          <div className="skeleton aspect-[2/3] w-20 shrink-0 rounded-lg" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className="skeleton h-4 w-2/3" />
            <div className="skeleton h-3 w-1/4" />
            <div className="skeleton h-3 w-full" />
            <div className="skeleton h-3 w-5/6" />
          </div>
        </li>
      ))}
    </ul>
  )
}
