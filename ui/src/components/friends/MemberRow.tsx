import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { displayName, type User } from '../../lib/users'
import { Avatar } from '../ui/Avatar'

/** MemberRow: a member's avatar and name (linked to their profile), a note, and an action. */
export function MemberRow({ user, note, action }: { user: User; note?: ReactNode; action?: ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-box border border-base-300/70 bg-base-100 p-3 shadow-sm">
      <Link to={`/profile/${user.id}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-field hover:opacity-80">
        <Avatar user={user} size="md" />
        <span className="min-w-0">
          <span className="block truncate font-semibold">{displayName(user)}</span>
          {note && <span className="block truncate text-sm text-base-content/60">{note}</span>}
        </span>
      </Link>
      {action}
    </li>
  )
}

/** MemberListSkeleton: placeholder rows while a member list loads. */
export function MemberListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading members">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3 rounded-box border border-base-300/70 bg-base-100 p-3">
          <div className="skeleton size-12 rounded-full" />
          <div className="grid flex-1 gap-2">
            <div className="skeleton h-4 w-1/2" />
            <div className="skeleton h-3 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  )
}
