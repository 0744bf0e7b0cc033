import { useState } from 'react'
import { avatarUrl, displayName, generatedAvatar, largePhotoUrl, type UserLike } from '../../lib/users'

const sizes = {
  xs: 'size-7',
  sm: 'size-9',
  md: 'size-12',
  lg: 'size-20',
  xl: 'size-28',
} as const

/**
 * Avatar shows the member's picture, falling back to the locally generated one when there
 * is no picture or it fails to load. Decorative by default (a name usually sits beside it).
 * Large avatars (lg, xl) load the 512 px photo, the others its 128 px thumb.
 */
export function Avatar({
  user,
  size = 'sm',
  alt = '',
  className = '',
}: {
  user: UserLike
  size?: keyof typeof sizes
  alt?: string
  className?: string
}) {
  const thumb = avatarUrl(user)
  const src = size === 'lg' || size === 'xl' ? largePhotoUrl(thumb) : thumb
  const [failed, setFailed] = useState<string | null>(null)
  const shown = failed === src ? generatedAvatar(user) : src
  return (
    <img
      src={shown}
      alt={alt}
      title={alt ? undefined : displayName(user)}
      className={`${sizes[size]} shrink-0 rounded-full bg-base-300 object-cover ring-2 ring-base-100 ${className}`}
      onError={() => setFailed(src)}
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
    />
  )
}
