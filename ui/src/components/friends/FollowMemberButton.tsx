import { displayName, type User } from '../../lib/users'
import { useFollowMember } from '../../queries/social'
import { CheckIcon, PlusIcon } from '../ui/icons'

/**
 * FollowMemberButton: Follow (or Follow Back for a follower) and, once followed,
 * Following, which unfollows when pressed. aria-pressed tells the state; the member's
 * name completes the label for screen readers.
 */
export function FollowMemberButton({
  user,
  following,
  followBack = false,
  className = 'btn-sm',
}: {
  user: User
  following: boolean
  followBack?: boolean
  className?: string
}) {
  const follow = useFollowMember()
  const name = displayName(user)
  const label = following ? 'Following' : followBack ? 'Follow Back' : 'Follow'
  return (
    <button
      type="button"
      aria-pressed={following}
      className={`btn shrink-0 ${following ? 'btn-outline btn-success' : 'btn-primary'} ${className}`}
      disabled={follow.isPending}
      title={following ? `Unfollow ${name}` : undefined}
      onClick={() => follow.mutate({ userId: user.id, follow: !following })}
    >
      {following ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
      {label}
      <span className="sr-only"> {name}</span>
    </button>
  )
}
