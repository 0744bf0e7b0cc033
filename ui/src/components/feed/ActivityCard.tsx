import { Link } from 'react-router'
import { actionLabel, activityTitle, type Activity } from '../../lib/feed'
import { titlePath } from '../../lib/catalog'
import { hasRating, statusLabel } from '../../lib/rating'
import { displayName } from '../../lib/users'
import { isCollaboration } from '../../lib/collab'
import { Poster } from '../catalog/Poster'
import { CollabBox } from '../collab/CollabBox'
import { Avatar } from '../ui/Avatar'
import { CardFooter, CardHeader, CardShell, ReviewText } from './CardParts'
import { PostMenu } from '../moderation/MemberMenus'
import { Stars } from './Stars'

/**
 * ActivityCard: a movie or TV post (SPEC §2; every movie_* and tv_* type shares it): who
 * did what and when, the poster and title (linked to /movie/{id} or /tv/{id}), the year,
 * the status label, the rating as stars and X.X/10.0, the review, who they watched with,
 * then like, comments and share. The author also gets Edit Post and Delete Post. A
 * collaboration shows its pending box or everyone's ratings instead (CollabBox).
 */
export function ActivityCard({ activity, currentUserId }: { activity: Activity; currentUserId: string }) {
  const title = activityTitle(activity)
  const d = activity.data ?? {}
  const isOwner = activity.userId === currentUserId
  const collab = isCollaboration(activity.type)
  const link = title.kind && title.id != null ? titlePath(title.kind, title.id) : null
  const status = d.status ? statusLabel(d.status) : ''
  const friends = (d.watchedWith ?? []).filter(Boolean)
  const meta = [title.year, title.genres.slice(0, 2).join(', ')].filter(Boolean).join(' · ')

  const poster = (
    <Poster id={title.id ?? activity.id} title={title.title} path={title.poster} size="w154" decorative className="w-20 sm:w-24" />
  )

  return (
    <CardShell activity={activity}>
      <CardHeader
        activity={activity}
        action={actionLabel(activity.type)}
        menu={
          // A collaboration's ratings are edited in its own box (PATCH on the title), not here.
          <PostMenu
            activity={activity}
            currentUserId={currentUserId}
            titleName={title.title}
            canEdit={!activity.type.startsWith('collaborative_')}
            title={title.kind && title.id != null ? { kind: title.kind, id: title.id, title: title.title, posterPath: title.poster ?? null, year: null } : undefined}
          />
        }
      />
      <div className="flex gap-4 px-4 pt-3">
        {link ? (
          <Link to={link} tabIndex={-1} aria-hidden="true" className="shrink-0 transition-transform hover:scale-[1.02]">
            {poster}
          </Link>
        ) : (
          poster
        )}
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-tight font-bold break-words">
            {link ? (
              <Link to={link} className="hover:text-primary hover:underline">
                {title.title}
              </Link>
            ) : (
              title.title
            )}
          </h3>
          {meta && <p className="mt-0.5 text-sm text-base-content/60">{meta}</p>}
          {status && status !== 'watched' && (
            <span className={`badge badge-sm mt-2 ${status === 'dropped' ? 'badge-ghost' : 'badge-secondary badge-soft'}`}>{status}</span>
          )}
          {collab ? (
            <CollabBox activity={activity} currentUserId={currentUserId} titleName={title.title} />
          ) : (
            <>
              {hasRating(d.rating) && <Stars rating={d.rating} className="mt-2 flex" />}
              <ReviewText text={d.review} />
            </>
          )}
          {friends.length > 0 && (
            <div className="mt-3 flex items-center gap-2 text-sm text-base-content/70">
              <span className="flex -space-x-2">
                {friends.slice(0, 5).map((f, i) =>
                  f.id ? (
                    <Link key={f.id} to={`/profile/${f.id}`} title={displayName(f)}>
                      <Avatar user={f} size="xs" alt={displayName(f)} />
                    </Link>
                  ) : (
                    <Avatar key={`gone-${i}`} user={f} size="xs" alt={displayName(f)} />
                  ),
                )}
              </span>
              <span className="min-w-0 truncate">
                with {friends.map((f) => displayName(f)).join(', ')}
              </span>
            </div>
          )}
        </div>
      </div>
      <CardFooter activity={activity} isOwner={isOwner} />
    </CardShell>
  )
}
