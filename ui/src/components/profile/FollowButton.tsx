import { serverMessage } from '../../lib/apiErrors'
import { toast } from '../../lib/toast'
import { displayName, type User } from '../../lib/users'
import { useFollowUser } from '../../queries/users'
import { PlusIcon, XIcon } from '../ui/icons'

/** FollowButton: Follow or Unfollow another member, with SPEC §8's follow toasts. */
export function FollowButton({ user, following }: { user: User; following: boolean }) {
  const follow = useFollowUser()
  const name = displayName(user)

  const onClick = async () => {
    const next = !following
    try {
      await follow.mutateAsync({ userId: user.id, follow: next })
      if (next) toast({ title: 'Success', description: 'Now following user!' })
      else toast({ title: 'Unfollowed', description: `You no longer follow ${name}.` })
    } catch (err) {
      toast({
        title: 'Error',
        description: serverMessage(err, next ? 'Failed to follow user' : 'Failed to unfollow user'),
        variant: 'destructive',
      })
    }
  }

  return (
    <button
      type="button"
      className={`btn btn-sm ${following ? 'btn-outline' : 'btn-primary'}`}
      disabled={follow.isPending}
      onClick={() => void onClick()}
    >
      {following ? <XIcon className="size-4" /> : <PlusIcon className="size-4" />}
      {following ? 'Unfollow' : 'Follow'}
      <span className="sr-only"> {name}</span>
    </button>
  )
}
