import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { episodesLabel, type Episode, type SeasonSummary } from '../../lib/catalog'
import type { EpisodeReview } from '../../lib/diary'
import { spoilerOf, type SeasonProgress } from '../../lib/tv'
import { useCurrentUser } from '../../queries/auth'
import { tvSeasonQuery } from '../../queries/catalog'
import { episodeReviewsQuery } from '../../queries/diary'
import { progressQuery } from '../../queries/tv'
import { EpisodeReviewForm, EpisodeReviewList } from '../diary/EpisodeReviews'
import { EpisodeCheck, SeasonTracking, UpToHere } from '../tv/SeasonTracking'
import { SpoilerGuard } from '../tv/SpoilerGuard'
import { useTracking, type Tracking } from '../tv/useTracking'
import { ChevronDownIcon, StarIcon } from '../ui/icons'

/**
 * SeasonList: a show's seasons with their episode counts and the member's progress in
 * each (a bar, 'Mark season watched'); opening a season loads its episodes
 * (GET /api/tv-shows/{id}/seasons/{n}) and their reviews
 * (GET /api/tv-shows/{id}/episode-reviews?season=n), and each episode has a check that
 * marks it watched, 'Up to here', and can be rated and reviewed. Friends' reviews of an
 * episode the member has not reached wait behind the spoiler guard (lib/tv spoilerOf).
 */
export function SeasonList({ tvId, showName, seasons }: { tvId: number; showName: string; seasons: SeasonSummary[] }) {
  const [openSeasons, setOpenSeasons] = useState<ReadonlySet<number>>(() => new Set())
  const progress = useQuery(progressQuery(tvId))
  const tracking = useTracking({ id: tvId, name: showName })
  if (seasons.length === 0) return null
  const toggle = (n: number) =>
    setOpenSeasons((current) => {
      const next = new Set(current)
      if (next.has(n)) next.delete(n)
      else next.add(n)
      return next
    })
  return (
    <section aria-labelledby="seasons-heading" className="mt-10">
      <h2 id="seasons-heading" className="mb-3 text-xl font-bold">
        Seasons
      </h2>
      <ul className="flex flex-col gap-2">
        {seasons.map((season) => (
          <li key={season.seasonNumber}>
            <SeasonRow
              tvId={tvId}
              season={season}
              progress={progress.data?.seasons.find((p) => p.season === season.seasonNumber)}
              tracking={tracking}
              open={openSeasons.has(season.seasonNumber)}
              onToggle={() => toggle(season.seasonNumber)}
            />
          </li>
        ))}
      </ul>
      {tracking.dialog}
    </section>
  )
}

function seasonName(season: { seasonNumber: number; name?: string | null }): string {
  return season.name?.trim() || `Season ${season.seasonNumber}`
}

function SeasonRow({
  tvId,
  season,
  progress,
  tracking,
  open,
  onToggle,
}: {
  tvId: number
  season: SeasonSummary
  progress: SeasonProgress | undefined
  tracking: Tracking
  open: boolean
  onToggle: () => void
}) {
  const panelId = useId()
  const episodes = episodesLabel(season.episodeCount)
  return (
    <div className="rounded-box border border-base-300/70 bg-base-100" data-testid={`season-${season.seasonNumber}`}>
      <button
        type="button"
        className="flex w-full items-center justify-between gap-3 rounded-box px-4 py-3 text-left hover:bg-base-200/60"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
      >
        <span className="font-semibold">{seasonName(season)}</span>
        <span className="flex items-center gap-3 text-sm text-base-content/60">
          {episodes}
          <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </span>
      </button>
      {progress && <SeasonTracking name={seasonName(season)} progress={progress} tracking={tracking} />}
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={`${seasonName(season)} episodes`}
          className="border-t border-base-300/70 px-4 py-3"
        >
          <SeasonEpisodes tvId={tvId} seasonNumber={season.seasonNumber} progress={progress} tracking={tracking} />
        </div>
      )}
    </div>
  )
}

const airDateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })

function airDateLabel(date: string | null): string | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}/.test(date)) return null
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(parsed.getTime()) ? null : airDateFormat.format(parsed)
}

function SeasonEpisodes({
  tvId,
  seasonNumber,
  progress,
  tracking,
}: {
  tvId: number
  seasonNumber: number
  progress: SeasonProgress | undefined
  tracking: Tracking
}) {
  const { data, isPending, isError, refetch } = useQuery(tvSeasonQuery(tvId, seasonNumber))
  const reviews = useQuery(episodeReviewsQuery(tvId, seasonNumber))
  if (isPending) {
    return (
      <ul className="flex flex-col gap-2" aria-busy="true" aria-label="Loading episodes">
        {[0, 1, 2].map((i) => (
          <li key={i} className="skeleton h-5 w-3/4" />
        ))}
      </ul>
    )
  }
  if (isError) {
    return (
      <p className="text-sm text-error">
        Episodes could not be loaded.{' '}
        <button type="button" className="link" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    )
  }
  const episodes = data.episodes ?? []
  if (episodes.length === 0) {
    return <p className="text-sm text-base-content/60">No episode details for this season yet.</p>
  }
  const byEpisode = new Map<number, EpisodeReview[]>()
  for (const review of reviews.data ?? []) {
    byEpisode.set(review.episodeNumber, [...(byEpisode.get(review.episodeNumber) ?? []), review])
  }
  return (
    <ol className="flex flex-col divide-y divide-base-300/60">
      {episodes.map((episode) => (
        <EpisodeRow
          key={episode.episodeNumber}
          tvId={tvId}
          seasonNumber={seasonNumber}
          episode={episode}
          reviews={byEpisode.get(episode.episodeNumber) ?? []}
          progress={progress}
          tracking={tracking}
        />
      ))}
    </ol>
  )
}

function EpisodeRow({
  tvId,
  seasonNumber,
  episode,
  reviews,
  progress,
  tracking,
}: {
  tvId: number
  seasonNumber: number
  episode: Episode
  reviews: EpisodeReview[]
  progress: SeasonProgress | undefined
  tracking: Tracking
}) {
  const [reviewing, setReviewing] = useState(false)
  const show = useQuery(progressQuery(tvId)).data
  const { data: me } = useCurrentUser()
  const [revealed, setRevealed] = useState(false)
  const spoiler = spoilerOf(show, { season: seasonNumber, episode: episode.episodeNumber })
  const guarded = spoiler != null && !revealed && reviews.some((r) => r.user?.id !== me?.id)
  const rateRef = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  // Closing the form puts focus back on the episode's Rate button.
  useEffect(() => {
    if (!reviewing && refocus.current) rateRef.current?.focus()
    refocus.current = false
  }, [reviewing])
  const name = episode.name?.trim() || `Episode ${episode.episodeNumber}`
  const meta = [airDateLabel(episode.airDate), episode.runtime ? `${episode.runtime} min` : null].filter(Boolean).join(' · ')
  return (
    <li className="flex gap-3 py-2">
      <EpisodeCheck season={seasonNumber} episode={episode.episodeNumber} name={name} progress={progress} tracking={tracking} />
      <span className="w-6 shrink-0 text-right text-sm font-semibold text-base-content/50 tabular-nums">{episode.episodeNumber}</span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-sm font-medium">{name}</p>
            {meta && <p className="text-xs text-base-content/60">{meta}</p>}
          </div>
          <UpToHere season={seasonNumber} episode={episode.episodeNumber} progress={progress} tracking={tracking} />
          {!reviewing && (
            <button
              type="button"
              className="btn btn-ghost btn-xs shrink-0"
              ref={rateRef}
              aria-label={`Rate or review episode ${episode.episodeNumber}, ${name}`}
              onClick={() => setReviewing(true)}
            >
              <StarIcon className="size-3.5" /> Rate
            </button>
          )}
        </div>
        {episode.overview && <p className="mt-1 line-clamp-2 text-xs text-base-content/70">{episode.overview}</p>}
        {reviewing && (
          <div>
            <EpisodeReviewForm
              tvId={tvId}
              seasonNumber={seasonNumber}
              episodeNumber={episode.episodeNumber}
              episodeName={episode.name}
              onDone={() => {
                refocus.current = true
                setReviewing(false)
              }}
            />
          </div>
        )}
        {guarded ? (
          <SpoilerGuard spoiler={spoiler} onReveal={() => setRevealed(true)} className="mt-2" />
        ) : (
          <EpisodeReviewList tvId={tvId} reviews={reviews} />
        )}
      </div>
    </li>
  )
}
