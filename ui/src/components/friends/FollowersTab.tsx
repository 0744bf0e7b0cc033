import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { followersQuery, followingQuery } from '../../queries/social'
import { EmptyState } from '../ui/EmptyState'
import { UsersIcon } from '../ui/icons'
import { FollowMemberButton } from './FollowMemberButton'
import { MemberListSkeleton, MemberRow } from './MemberRow'

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
        {count != null && <span className="ml-2 badge badge-ghost align-middle">{count}</span>}
      </h2>
      {children}
    </section>
  )
}

/** LoadError: a list that could not be loaded, with a retry (never shown as an empty list). */
function LoadError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span className="flex-1">{message}</span>
      <button type="button" className="btn btn-sm" onClick={retry}>
        Try Again
      </button>
    </div>
  )
}

/** FollowersTab: who follows you (with Follow Back) and whom you follow (with Following/unfollow). */
export function FollowersTab() {
  const followers = useQuery(followersQuery())
  const following = useQuery(followingQuery())
  return (
    <div className="grid gap-8">
      <Section id="followers-title" title="Followers" count={followers.data?.length}>
        {followers.isPending ? (
          <MemberListSkeleton rows={2} />
        ) : followers.isError ? (
          <LoadError message="Your followers could not be loaded." retry={() => void followers.refetch()} />
        ) : !followers.data.length ? (
          <EmptyState icon={<UsersIcon className="size-7" />} title="No followers yet">
            When someone follows you, they will appear here.
          </EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {followers.data.map((user) => (
              <MemberRow
                key={user.id}
                user={user}
                note={user.isFollowing ? 'You follow each other' : 'Follows you'}
                action={<FollowMemberButton user={user} following={user.isFollowing} followBack />}
              />
            ))}
          </ul>
        )}
      </Section>
      <Section id="following-title" title="Following" count={following.data?.length}>
        {following.isPending ? (
          <MemberListSkeleton rows={2} />
        ) : following.isError ? (
          <LoadError message="The members you follow could not be loaded." retry={() => void following.refetch()} />
        ) : !following.data.length ? (
          <EmptyState icon={<UsersIcon className="size-7" />} title="Not following anyone yet">
            Follow people from Discover to fill your feed with their diaries.
          </EmptyState>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {following.data.map((user) => (
              <MemberRow key={user.id} user={user} action={<FollowMemberButton user={user} following />} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  )
}
