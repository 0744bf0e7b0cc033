import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { UNKNOWN_CONTENT, type Activity } from '../../lib/feed'
import { rangeLabel, watchedSummary } from '../../lib/tv'
import { Poster } from '../catalog/Poster'
import { PostMenu } from '../moderation/MemberMenus'
import { CardFooter, CardHeader, CardShell } from './CardParts'

/**
 * EpisodesWatchedCard: a member's episode watches of one show within an hour, as one post
 * ('Ana watched 3 episodes of Severance · S1E4–E6'); the post grows while the burst goes
 * on. Its author may only delete it (like an episode review, there is nothing to edit).
 */
export function EpisodesWatchedCard({ activity, currentUserId }: { activity: Activity; currentUserId: string }) {
  const d = activity.data ?? {}
  const isOwner = activity.userId === currentUserId
  const show = (d.tvShowTitle ?? '').trim() || UNKNOWN_CONTENT
  const showId = typeof d.tvShowId === 'number' && d.tvShowId > 0 ? d.tvShowId : null
  const episodes = d.episodes ?? []
  const count = typeof d.episodeCount === 'number' && d.episodeCount > 0 ? d.episodeCount : episodes.length
  const range = rangeLabel(episodes)
  return (
    <CardShell activity={activity}>
      <CardHeader
        activity={activity}
        action={
          <>
            {watchedSummary(count)}{' '}
            {showId != null ? (
              <Link to={titlePath('tv', showId)} className="font-semibold text-base-content hover:text-primary hover:underline">
                {show}
              </Link>
            ) : (
              <span className="font-semibold text-base-content">{show}</span>
            )}
            {range && <span className="text-base-content/70"> · {range}</span>}
          </>
        }
        menu={<PostMenu activity={activity} currentUserId={currentUserId} titleName={show} canEdit={false} />}
      />
      <div className="flex items-center gap-3 px-4 pt-3">
        <Poster id={showId ?? activity.id} title={show} path={d.tvShowPoster} size="w92" decorative className="w-12" />
        <p className="text-sm text-base-content/70">
          <span className="text-2xl font-bold text-base-content tabular-nums">{count}</span> {count === 1 ? 'episode' : 'episodes'}
        </p>
      </div>
      <CardFooter activity={activity} isOwner={isOwner} />
    </CardShell>
  )
}
