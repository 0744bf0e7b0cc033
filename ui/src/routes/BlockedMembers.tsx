import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { Avatar } from '../components/ui/Avatar'
import { EmptyState } from '../components/ui/EmptyState'
import { PageHeader } from '../components/ui/PageHeader'
import { Spinner } from '../components/ui/Spinner'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { displayName } from '../lib/users'
import { blocksQuery, useBlockMember } from '../queries/moderation'

/**
 * BlockedMembers (/settings/blocked): the members you blocked, each with Unblock. A
 * blocked member cannot follow you, see, like or comment on your posts; you don't see theirs.
 */
export default function BlockedMembers() {
  useDocumentTitle('Blocked Members')
  const query = useQuery(blocksQuery())
  const unblock = useBlockMember()
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title="Blocked Members">
        Blocked members can&apos;t follow you, see your posts, like them or comment on them, and you don&apos;t see
        theirs. Unblocking doesn&apos;t restore follows: each of you can follow again.
      </PageHeader>
      {query.isPending ? (
        <div className="grid min-h-[20vh] place-items-center">
          <Spinner label="Loading blocked members" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>Could not load the members you blocked.</span>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : query.data.length === 0 ? (
        <EmptyState title="You haven't blocked anyone">
          To block someone, open the ⋯ menu on one of their posts or on their profile.{' '}
          <Link to="/profile" className="link">
            Back to your profile
          </Link>
        </EmptyState>
      ) : (
        <ul className="card divide-y divide-base-300 border border-base-300/70 bg-base-100" aria-label="Blocked members">
          {query.data.map((user) => {
            const name = displayName(user)
            return (
              <li key={user.id} className="flex items-center gap-3 p-3">
                <Avatar user={user} size="sm" />
                <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
                <button
                  type="button"
                  className="btn btn-sm"
                  aria-label={`Unblock ${name}`}
                  disabled={unblock.isPending && unblock.variables?.userId === user.id}
                  onClick={() => unblock.mutate({ userId: user.id, block: false, name })}
                >
                  Unblock
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
