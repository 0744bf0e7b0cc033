import { Link } from 'react-router'
import { actionLabel, type Activity } from '../../lib/feed'
import { TrophyIcon } from '../ui/icons'
import { PostMenu } from '../moderation/MemberMenus'
import { CardFooter, CardHeader, CardShell } from './CardParts'

/** ChallengeCard: a member joined or completed a challenge (challenge_joined / _completed). */
export function ChallengeCard({ activity, currentUserId }: { activity: Activity; currentUserId: string }) {
  const d = activity.data ?? {}
  const completed = activity.type === 'challenge_completed'
  const name = (d.challengeName ?? '').trim() || 'Unknown Content'
  const description = (d.challengeDescription ?? '').trim()
  return (
    <CardShell activity={activity}>
      <CardHeader
        activity={activity}
        action={actionLabel(activity.type)}
        menu={activity.userId !== currentUserId ? <PostMenu activity={activity} currentUserId={currentUserId} /> : undefined}
      />
      <div className="mx-4 mt-3 flex items-start gap-3 rounded-box bg-gradient-to-br from-warning/15 to-primary/10 p-4">
        <span className={`grid size-11 shrink-0 place-items-center rounded-full ${completed ? 'bg-warning text-warning-content' : 'bg-primary/15 text-primary'}`}>
          <TrophyIcon className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="font-bold break-words">
            <Link to="/challenges" className="hover:underline">
              {name}
            </Link>
          </h3>
          {description && <p className="mt-0.5 text-sm break-words text-base-content/70">{description}</p>}
        </div>
      </div>
      <CardFooter activity={activity} isOwner={activity.userId === currentUserId} />
    </CardShell>
  )
}
