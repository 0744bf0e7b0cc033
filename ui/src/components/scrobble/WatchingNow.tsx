import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { watchingQuery } from '../../queries/scrobble'

/**
 * WatchingNow: 'Watching now' on a member's profile while their media server plays
 * something (only when they turned it on; nothing otherwise). The server decides who may
 * see it: the same people who may see the profile.
 */
export function WatchingNow({ userId }: { userId: string }) {
  const { data } = useQuery(watchingQuery(userId))
  const now = data?.watching
  if (!now) return null
  const episode = now.kind === 'tv' && now.episode ? ` · S${now.season ?? 0} E${now.episode}` : ''
  return (
    <p role="status" className="flex items-center gap-2 text-sm">
      <span className="badge badge-success badge-sm gap-1">
        <span className="inline-block size-2 animate-pulse rounded-full bg-current" aria-hidden="true" />
        Watching now
      </span>
      {now.id > 0 ? (
        <Link to={titlePath(now.kind, now.id)} className="link link-hover font-medium">
          {now.title}
        </Link>
      ) : (
        <span className="font-medium">{now.title}</span>
      )}
      {episode && <span className="text-base-content/70">{episode}</span>}
    </p>
  )
}
