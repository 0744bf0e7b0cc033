import { useState } from 'react'
import { Link } from 'react-router'
import { actionLabel, episodeCode, type Activity } from '../../lib/feed'
import { titlePath } from '../../lib/catalog'
import { hasRating } from '../../lib/rating'
import { Poster } from '../catalog/Poster'
import { CardFooter, CardHeader, CardShell, ReviewText } from './CardParts'
import { PostMenu } from '../moderation/MemberMenus'
import { Stars } from './Stars'
import { SpoilerGuard } from '../tv/SpoilerGuard'

/**
 * EpisodeReviewCard: a review of one episode (SPEC §2): the show (linked), the episode's
 * code and name, rating and review. Its author can only delete it (SPEC §6). For a viewer
 * the review would spoil (the server says so: they track the show and have not watched
 * that episode) the review and its comments wait behind a SpoilerGuard until 'Show anyway'.
 */
export function EpisodeReviewCard({ activity, currentUserId }: { activity: Activity; currentUserId: string }) {
  const d = activity.data ?? {}
  const isOwner = activity.userId === currentUserId
  const show = (d.tvShowName ?? d.tvShowTitle ?? '').trim() || 'Unknown Content'
  const showId = typeof d.tvShowId === 'number' && d.tvShowId > 0 ? d.tvShowId : null
  const link = showId != null ? titlePath('tv', showId) : null
  const code = episodeCode(d.seasonNumber, d.episodeNumber)
  const episode = [code, (d.episodeName ?? '').trim()].filter(Boolean).join(' · ')
  const [revealed, setRevealed] = useState(false)
  const guarded = d.spoiler != null && !revealed && !isOwner

  return (
    <CardShell activity={activity}>
      <CardHeader
        activity={activity}
        action={actionLabel(activity.type)}
        menu={<PostMenu activity={activity} currentUserId={currentUserId} titleName={show} canEdit={false} />}
      />
      <div className="flex gap-4 px-4 pt-3">
        <Poster id={showId ?? activity.id} title={show} path={d.tvShowPosterPath} size="w92" decorative className="w-14 sm:w-16" />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-tight font-bold break-words">
            {link ? (
              <Link to={link} className="hover:text-primary hover:underline">
                {show}
              </Link>
            ) : (
              show
            )}
          </h3>
          {!guarded && episode && <p className="mt-0.5 text-sm font-medium text-base-content/70">{episode}</p>}
          {!guarded && hasRating(d.rating) && <Stars rating={d.rating} className="mt-2 flex" />}
          {!guarded && <ReviewText text={d.review} />}
        </div>
      </div>
      {guarded && d.spoiler ? (
        <div className="pb-4">
          <SpoilerGuard spoiler={d.spoiler} onReveal={() => setRevealed(true)} />
        </div>
      ) : (
        <CardFooter activity={activity} isOwner={isOwner} />
      )}
    </CardShell>
  )
}
