import type { ReactNode } from 'react'
import { linkifyBio, safeHttpUrl, websiteLabel } from '../../lib/account'
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
  about,
}: {
  user: User
  email?: string
  actions?: ReactNode
  counts?: { followers: number; following: number }
  about?: { bio: string; website: string }
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
        {about && <ProfileAbout bio={about.bio} website={about.website} />}
      </div>
    </section>
  )
}

/**
 * ProfileAbout: the member's bio as plain text (line breaks kept) with its http(s)
 * addresses made links, and their website. Links leave for another site: rel says so
 * (nofollow ugc: the member wrote it; noopener: the page cannot reach back).
 */
function ProfileAbout({ bio, website }: { bio: string; website: string }) {
  const site = safeHttpUrl(website)
  if (!bio && !site) return null
  const link = 'link link-primary break-all'
  return (
    <div className="grid gap-2" data-testid="profile-about">
      {bio && (
        <p className="whitespace-pre-line text-base-content/85" data-testid="profile-bio">
          {linkifyBio(bio).map((part, i) =>
            part.href ? (
              <a key={i} href={part.href} className={link} rel="nofollow ugc noopener noreferrer" target="_blank">
                {part.text}
              </a>
            ) : (
              <span key={i}>{part.text}</span>
            ),
          )}
        </p>
      )}
      {site && (
        <p className="text-sm">
          <a href={site} className={link} rel="nofollow ugc noopener noreferrer" target="_blank" data-testid="profile-website">
            {websiteLabel(site)}
          </a>
        </p>
      )}
    </div>
  )
}
