import { useState } from 'react'
import type { SeasonProgress } from '../../lib/tv'
import { code } from '../../lib/tv'
import { CheckIcon } from '../ui/icons'
import { ProgressBar } from './ProgressBar'
import type { Tracking } from './useTracking'

/**
 * SeasonTracking: under a season's row on a TV page, how much of it the member watched
 * (a bar and '3 of 7 watched') and 'Mark season watched' until it is all watched.
 */
export function SeasonTracking({ name, progress, tracking }: { name: string; progress: SeasonProgress; tracking: Tracking }) {
  if (progress.total === 0) return null
  const done = progress.watched >= progress.total
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 pb-3">
      <ProgressBar watched={progress.watched} total={progress.total} label={`${name}: episodes watched`} className="w-32 flex-1 sm:max-w-48" />
      <span className="text-xs text-base-content/60 tabular-nums">
        {progress.watched} of {progress.total} watched
      </span>
      {done ? (
        <span className="inline-flex items-center gap-1 text-xs font-medium text-success">
          <CheckIcon className="size-3.5" /> Season watched
        </span>
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-xs ml-auto"
          disabled={tracking.pending}
          aria-label={`Mark all of ${name} watched`}
          onClick={() => void tracking.mark({ season: progress.season })}
        >
          <CheckIcon className="size-3.5" /> Mark season watched
        </button>
      )}
    </div>
  )
}

/** watchedIn reports whether an episode is watched in a season's progress. */
function watchedIn(progress: SeasonProgress | undefined, episode: number): boolean {
  return progress?.episodes.find((e) => e.episode === episode)?.watched ?? false
}

/**
 * EpisodeCheck: one episode's watched check: a real checkbox named after the episode
 * ('S1E3 · Cancer Man watched'); checking marks it, unchecking removes its newest watch.
 * The box follows the click at once (the cached progress catches up a moment later, or
 * puts it back if the server refuses).
 */
export function EpisodeCheck({
  season,
  episode,
  name,
  progress,
  tracking,
}: {
  season: number
  episode: number
  name: string
  progress: SeasonProgress | undefined
  tracking: Tracking
}) {
  const [clicked, setClicked] = useState<boolean | null>(null)
  const watched = clicked ?? watchedIn(progress, episode)
  const ep = { season, episode }
  const toggle = async (checked: boolean) => {
    setClicked(checked)
    await (checked ? tracking.mark(ep) : tracking.unmark(ep))
    setClicked(null)
  }
  return (
    <input
      type="checkbox"
      className="checkbox checkbox-primary checkbox-sm mt-0.5 shrink-0"
      checked={watched}
      disabled={!progress || clicked !== null}
      aria-label={`${code(ep)} · ${name} watched`}
      onChange={(e) => void toggle(e.target.checked)}
    />
  )
}

/**
 * UpToHere: 'Up to here' marks every episode before and including this one (a binge
 * catch-up in one request); shown while an earlier episode is still unwatched.
 */
export function UpToHere({
  season,
  episode,
  progress,
  tracking,
}: {
  season: number
  episode: number
  progress: SeasonProgress | undefined
  tracking: Tracking
}) {
  const gap = progress && (season > 1 || progress.episodes.some((e) => e.episode < episode && !e.watched))
  if (!gap || season === 0) return null
  const ep = { season, episode }
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs shrink-0"
      disabled={tracking.pending}
      aria-label={`Mark every episode up to ${code(ep)} watched`}
      onClick={() => void tracking.mark({ upTo: ep })}
    >
      Up to here
    </button>
  )
}
