import { useQuery } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { Link } from 'react-router'
import { isUnauthorized } from '../../lib/api'
import { mutualLabel } from '../../lib/feed'
import { toast } from '../../lib/toast'
import { displayName } from '../../lib/users'
import { SUGGESTED_FRIENDS_SHOWN, suggestedFriendsQuery } from '../../queries/social'
import { FollowMemberButton } from '../friends/FollowMemberButton'
import { Avatar } from '../ui/Avatar'

const LOGIN_DELAY_MS = 500

/**
 * PeopleYouMayKnow: three suggested members with follow buttons (SPEC §2 left sidebar,
 * §9: cached 5 minutes). A lost session says so and goes to sign in after 500 ms (SPEC §8).
 */
export function PeopleYouMayKnow({ className = '' }: { className?: string }) {
  const { data, isPending, isError, error } = useQuery(suggestedFriendsQuery())
  const headingId = useId()
  const unauthorized = isError && isUnauthorized(error)

  useEffect(() => {
    if (!unauthorized) return
    toast({ title: 'Unauthorized – You are logged out. Logging in again...', variant: 'destructive' })
    const timer = setTimeout(() => window.location.assign('/api/login'), LOGIN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [unauthorized])

  const people = (data ?? []).slice(0, SUGGESTED_FRIENDS_SHOWN)
  return (
    <section aria-labelledby={headingId} className={`card border border-base-300/70 bg-base-100 shadow-sm ${className}`}>
      <div className="card-body gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="card-title text-base">
            People You May Know
          </h2>
          <Link to="/friends?tab=discover" className="link text-xs link-primary">
            See all
          </Link>
        </div>
        {isPending ? (
          <ul className="grid gap-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex items-center gap-3">
                <div className="skeleton size-9 rounded-full" />
                <div className="skeleton h-3.5 flex-1" />
              </li>
            ))}
          </ul>
        ) : people.length === 0 ? (
          <p className="text-sm text-base-content/60">No suggestions available right now</p>
        ) : (
          <ul className="grid gap-3">
            {people.map((person) => (
              <li key={person.id} className="flex min-w-0 items-center gap-3">
                <Link to={`/profile/${person.id}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-field hover:opacity-80">
                  <Avatar user={person} size="sm" />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold">{displayName(person)}</span>
                    <span className="block truncate text-xs text-base-content/60">{mutualLabel(person.mutualCount)}</span>
                  </span>
                </Link>
                <FollowMemberButton user={person} following={!!person.isFollowing} className="btn-xs" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
