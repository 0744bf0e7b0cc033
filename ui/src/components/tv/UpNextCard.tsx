import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { airsLabel, code, episodeTitle, type UpNextItem } from '../../lib/tv'
import { Poster } from '../catalog/Poster'
import { CheckIcon } from '../ui/icons'
import { ProgressBar } from './ProgressBar'
import { useTracking } from './useTracking'

/**
 * UpNextCard: one show in progress: its next episode ('Up Next S2E1 · Name'), how far the
 * member is, and one tap that marks the episode watched: the card moves on to the
 * following episode at once (and back if the server refuses). An episode that has not
 * aired yet says when it airs instead.
 */
export function UpNextCard({ item, today, compact = false }: { item: UpNextItem; today: string; compact?: boolean }) {
  const tracking = useTracking(item.show)
  const airs = airsLabel(item.next.airDate, today)
  const next = code(item.next)
  const headingId = `up-next-${item.show.id}`
  return (
    <article
      aria-labelledby={headingId}
      data-testid="up-next-card"
      className={`flex gap-3 rounded-box border border-base-300/70 bg-base-100 p-3 shadow-sm ${compact ? '' : 'h-full'}`}
    >
      <Link to={titlePath('tv', item.show.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Poster id={item.show.id} title={item.show.name} path={item.show.posterPath} size="w92" decorative className={compact ? 'w-12' : 'w-16'} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 id={headingId} className="truncate text-sm font-semibold">
          <Link to={titlePath('tv', item.show.id)} className="hover:text-primary hover:underline">
            {item.show.name}
          </Link>
        </h3>
        <p className="truncate text-xs text-base-content/70" aria-live="polite">
          <span className="font-medium text-base-content">Up Next</span> <span className="font-mono font-semibold text-base-content">{next}</span>
          {item.next.name && <span> · {episodeTitle(item.next)}</span>}
        </p>
        <ProgressBar watched={item.watched} total={item.total} label={`${item.show.name}: ${item.watched} of ${item.total} episodes watched`} className="w-full" />
        <div className="mt-auto flex items-center justify-between gap-2">
          <span className="text-[11px] text-base-content/60 tabular-nums">
            {item.watched} of {item.total}
          </span>
          {airs ? (
            <span className="badge badge-soft badge-info badge-sm">{airs}</span>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-xs"
              disabled={tracking.pending}
              aria-label={`Mark ${item.show.name} ${next} watched`}
              onClick={() => void tracking.mark({ season: item.next.season, episode: item.next.episode })}
            >
              <CheckIcon className="size-3.5" /> Watched
            </button>
          )}
        </div>
      </div>
      {tracking.dialog}
    </article>
  )
}
