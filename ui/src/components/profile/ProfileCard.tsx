import type { ReactNode } from 'react'
import { displayName, type User } from '../../lib/users'
import { Avatar } from '../ui/Avatar'
import { MailIcon } from '../ui/icons'

/**
 * ProfileCard: avatar, display name, nickname/full name, (own profile) email, follower and
 * following counts when known, and the actions (edit, or follow).
 */
export function ProfileCard({
  user,
  email,
  actions,
  counts,
}: {
  user: User
  email?: string
  actions?: ReactNode
  counts?: { followers: number; following: number }
}) {
  const name = displayName(user)
  const fullName = `${user.firstName} ${user.lastName}`.trim()
  const secondary =
    user.displayPreference === 'nickname' && user.nickname ? fullName : user.nickname ? `“${user.nickname}”` : ''
  return (
    <section className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
      <div aria-hidden="true" className="h-24 bg-gradient-to-r from-primary/70 via-primary/40 to-secondary/60 sm:h-32" />
      <div className="card-body gap-4 pt-0">
        <Avatar user={user} size="xl" alt={`${name}'s avatar`} className="-mt-14 ring-4" />
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <h1 className="truncate text-2xl font-bold sm:text-3xl" data-testid="profile-name">
              {name}
            </h1>
            {secondary && <p className="truncate text-base-content/70">{secondary}</p>}
            {email && (
              <p className="mt-1 flex items-center gap-1.5 text-sm text-base-content/60">
                <MailIcon className="size-4" /> <span data-testid="profile-email">{email}</span>
              </p>
            )}
            {counts && (
              <p className="mt-2 flex gap-4 text-sm" data-testid="profile-counts">
                <span>
                  <strong className="font-semibold tabular-nums">{counts.followers}</strong>{' '}
                  <span className="text-base-content/60">{counts.followers === 1 ? 'follower' : 'followers'}</span>
                </span>
                <span>
                  <strong className="font-semibold tabular-nums">{counts.following}</strong>{' '}
                  <span className="text-base-content/60">following</span>
                </span>
              </p>
            )}
          </div>
          {actions}
        </div>
      </div>
    </section>
  )
}
