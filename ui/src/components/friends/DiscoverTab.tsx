import { useQuery } from '@tanstack/react-query'
import { mutualLabel } from '../../lib/feed'
import { federationStatusQuery } from '../../queries/federation'
import { suggestionsQuery } from '../../queries/social'
import { EmptyState } from '../ui/EmptyState'
import { UsersIcon } from '../ui/icons'
import { FollowMemberButton } from './FollowMemberButton'
import { InviteButton } from './InviteButton'
import { MemberListSkeleton, MemberRow } from './MemberRow'
import { RemoteSearch } from './RemoteSearch'

/**
 * DiscoverTab: members you may know (friends of friends first) with follow buttons, and,
 * when the community federates, the search for people on other servers.
 */
export function DiscoverTab({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useQuery(suggestionsQuery())
  const federation = useQuery(federationStatusQuery())
  return (
    <section aria-labelledby="discover-title" className="grid gap-4">
      {federation.data?.enabled && <RemoteSearch />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="discover-title" className="text-lg font-semibold">
            People You May Know
          </h2>
          <p className="text-sm text-base-content/60">Friends of your friends first, then the community's most followed.</p>
        </div>
        <InviteButton userId={userId} />
      </div>
      {isPending ? (
        <MemberListSkeleton />
      ) : isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span className="flex-1">Suggestions could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Try Again
          </button>
        </div>
      ) : data.length === 0 ? (
        <EmptyState icon={<UsersIcon className="size-7" />} title="No suggestions available right now">
          As more people join, members you may know will show up here. Invite a friend to get started.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.map((person) => (
            <MemberRow
              key={person.id}
              user={person}
              note={mutualLabel(person.mutualCount)}
              action={<FollowMemberButton user={person} following={!!person.isFollowing} />}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
