import { memo } from 'react'
import { cardKind, type Activity } from '../../lib/feed'
import { ActivityCard } from './ActivityCard'
import { CardHeader, CardShell } from './CardParts'
import { ChallengeCard } from './ChallengeCard'
import { EpisodeReviewCard } from './EpisodeReviewCard'
import { EpisodesWatchedCard } from './EpisodesWatchedCard'
import { ListPostCard } from '../lists/ListPostCard'

/**
 * ActivityItem picks a post's card by its type (SPEC §2); unknown types say so. Memoized:
 * the feed adds its posts a few at a time, and the ones already shown do not render again.
 */
export const ActivityItem = memo(function ActivityItem({ activity, currentUserId }: { activity: Activity; currentUserId: string }) {
  switch (cardKind(activity.type)) {
    case 'title':
      return <ActivityCard activity={activity} currentUserId={currentUserId} />
    case 'episode':
      return <EpisodeReviewCard activity={activity} currentUserId={currentUserId} />
    case 'episodes':
      return <EpisodesWatchedCard activity={activity} currentUserId={currentUserId} />
    case 'challenge':
      return <ChallengeCard activity={activity} currentUserId={currentUserId} />
    case 'list':
      return <ListPostCard activity={activity} currentUserId={currentUserId} />
    default:
      return (
        <CardShell activity={activity}>
          <CardHeader activity={activity} action="posted" />
          <p className="px-4 pt-2 pb-4 text-sm text-base-content/60">Unknown activity type: {activity.type}</p>
        </CardShell>
      )
  }
})
