import { useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { anchorId, type Activity } from '../../lib/feed'
import { HIDDEN_POST_NOTICE } from '../../lib/moderation'
import { timeAgo } from '../../lib/time'
import { displayName, type UserLike } from '../../lib/users'
import { viaHost } from '../comments/thread'
import { ShareMenu } from '../share/ShareMenu'
import { Avatar } from '../ui/Avatar'
import { HeartIcon, MessageIcon, RepeatIcon } from '../ui/icons'
import { CommentsSlot } from './CommentsSlot'
import { useHashHighlight } from './useHashHighlight'
import { useLikeActivity, useUnlikeActivity } from '../../queries/feed'

/**
 * CardShell: the frame every post shares: addressable as #activity-{id}, scrolled to and
 * highlighted briefly when the address points at it (SPEC §2).
 */
export function CardShell({ activity, children }: { activity: Activity; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null)
  const highlighted = useHashHighlight(activity.id, ref)
  return (
    <article
      ref={ref}
      id={anchorId(activity.id)}
      tabIndex={-1}
      aria-labelledby={`${anchorId(activity.id)}-author`}
      data-testid="activity-card"
      className={`card scroll-mt-24 border bg-base-100 shadow-sm outline-none transition-[box-shadow,border-color] duration-700 ${
        highlighted ? 'border-primary shadow-lg ring-4 ring-primary/30' : 'border-base-300/70'
      }`}
    >
      {activity.hidden && (
        <p role="note" className="alert alert-warning alert-soft m-3 mb-0 text-sm">
          {HIDDEN_POST_NOTICE}
        </p>
      )}
      {children}
    </article>
  )
}

/** CardHeader: avatar and name (linked to the profile), what they did, when; a menu at the end. */
export function CardHeader({
  activity,
  action,
  menu,
}: {
  activity: Activity
  action: ReactNode
  menu?: ReactNode
}) {
  const remote = activity.data?.remote
  const user: UserLike = remote ? { id: '', firstName: remote.name, lastName: '', nickname: null, profileImageUrl: remote.avatarUrl } : activity.user
  const name = remote ? remote.name : displayName(user)
  const profile = activity.userId ? `/profile/${activity.userId}` : null
  const when = timeAgo(activity.createdAt)
  return (
    <header className="flex items-start gap-3 px-4 pt-4">
      {remote ? (
        <Avatar user={user} size="sm" />
      ) : profile ? (
        <Link to={profile} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <Avatar user={user} size="sm" />
        </Link>
      ) : (
        <Avatar user={user} size="sm" />
      )}
      <div className="min-w-0 flex-1 text-sm leading-snug">
        <p>
          {remote ? (
            <>
              <a
                id={`${anchorId(activity.id)}-author`}
                href={remote.url}
                target="_blank"
                rel="noopener noreferrer nofollow ugc"
                title={`@${remote.acct}`}
                className="font-semibold hover:underline"
              >
                {name}
              </a>{' '}
              <span className="badge badge-ghost badge-xs align-middle" title={`@${remote.acct}`} data-testid="post-via">
                {viaHost(remote.host)}
              </span>
            </>
          ) : profile ? (
            <Link id={`${anchorId(activity.id)}-author`} to={profile} className="font-semibold hover:underline">
              {name}
            </Link>
          ) : (
            <span id={`${anchorId(activity.id)}-author`} className="font-semibold">
              {name}
            </span>
          )}{' '}
          <span className="text-base-content/70">{action}</span>
        </p>
        {when &&
          (remote?.noteUrl ? (
            <a href={remote.noteUrl} target="_blank" rel="noopener noreferrer nofollow ugc" className="text-xs text-base-content/60 hover:underline">
              <time dateTime={activity.createdAt} title={new Date(activity.createdAt).toLocaleString()}>
                {when}
              </time>
            </a>
          ) : (
            <time dateTime={activity.createdAt} title={new Date(activity.createdAt).toLocaleString()} className="text-xs text-base-content/60">
              {when}
            </time>
          ))}
      </div>
      {menu}
    </header>
  )
}

/** shareLabel names a post's shares from the fediverse (boosts on Mastodon). */
function shareLabel(n: number): string {
  return `Shared ${n} ${n === 1 ? 'time' : 'times'} on the fediverse`
}

/**
 * CardFooter: like (aria-pressed, with the count), comments (count; toggles the thread
 * under the card) and the share menu. Any signed-in member may do all three (SPEC §6).
 */
export function CardFooter({ activity, isOwner, extra }: { activity: Activity; isOwner: boolean; extra?: ReactNode }) {
  const [threadOpen, setThreadOpen] = useState(false)
  const like = useLikeActivity()
  const unlike = useUnlikeActivity()
  const threadId = `${anchorId(activity.id)}-comments`
  const likes = activity.likeCount
  const comments = activity.commentCount
  const shares = activity.shareCount ?? 0

  return (
    <>
      <footer className="mt-3 flex items-center gap-1 border-t border-base-300/70 px-2 py-1.5">
        <button
          type="button"
          aria-pressed={activity.isLiked}
          aria-label={`Like, ${likes} ${likes === 1 ? 'like' : 'likes'}`}
          className={`btn btn-ghost btn-sm gap-1.5 ${activity.isLiked ? 'text-error' : ''}`}
          onClick={() => (activity.isLiked ? unlike.mutate(activity.id) : like.mutate(activity.id))}
        >
          <HeartIcon className={`size-4 ${activity.isLiked ? 'fill-current' : ''}`} />
          <span className="tabular-nums" data-testid="like-count">
            {likes}
          </span>
        </button>
        <button
          type="button"
          aria-expanded={threadOpen}
          aria-controls={threadOpen ? threadId : undefined}
          aria-label={`Comments, ${comments} ${comments === 1 ? 'comment' : 'comments'}`}
          className={`btn btn-ghost btn-sm gap-1.5 ${threadOpen ? 'text-primary' : ''}`}
          onClick={() => setThreadOpen((o) => !o)}
        >
          <MessageIcon className="size-4" />
          <span className="tabular-nums">{comments}</span>
        </button>
        {shares > 0 && (
          <span
            className="flex items-center gap-1.5 px-3 text-sm text-base-content/70"
            title={shareLabel(shares)}
            aria-label={shareLabel(shares)}
          >
            <RepeatIcon className="size-4" aria-hidden="true" />
            <span className="tabular-nums" data-testid="share-count">
              {shares}
            </span>
          </span>
        )}
        {extra}
        <div className="ml-auto">
          <ShareMenu activity={activity} />
        </div>
      </footer>
      {threadOpen && (
        <div id={threadId} className="border-t border-base-300/70">
          <CommentsSlot activityId={activity.id} commentCount={comments} isOwnerOfPost={isOwner} />
        </div>
      )}
    </>
  )
}

/** ReviewText: the member's words, as text (never markup), keeping their line breaks. */
export function ReviewText({ text }: { text: string | null | undefined }) {
  const clean = (text ?? '').trim()
  if (!clean) return null
  return <p className="mt-2 text-[15px] leading-relaxed break-words whitespace-pre-line">{clean}</p>
}
