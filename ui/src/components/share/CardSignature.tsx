import type { UserLike } from '../../lib/users'
import { SHARE_TAGLINE } from '../../lib/share'
import { avatarUrl, displayName } from '../../lib/users'

/**
 * CardSignature: the foot of every share card: the member's photo and name on the left,
 * CineCircle and the tagline 'Ultimate Movie Diary' (in the card's accent) on the right.
 */
export function CardSignature({ user, accent, className = 'mt-4' }: { user: UserLike; accent: string; className?: string }) {
  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <div className="flex min-w-0 items-center gap-2">
        <img src={avatarUrl(user)} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
        <span className="truncate text-sm font-semibold">{displayName(user)}</span>
      </div>
      <div className="shrink-0 text-right leading-tight">
        <p className="text-sm font-bold">CineCircle</p>
        <p className="text-[11px]" style={{ color: accent }}>
          {SHARE_TAGLINE}
        </p>
      </div>
    </div>
  )
}
