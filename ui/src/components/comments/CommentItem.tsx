import { useState } from 'react'
import { Link } from 'react-router'
import { serverMessage } from '../../lib/apiErrors'
import { timeAgo } from '../../lib/time'
import { toast } from '../../lib/toast'
import { useDeleteComment, useToggleCommentLike, type Comment } from '../../queries/comments'
import { HIDDEN_COMMENT_NOTICE } from '../../lib/moderation'
import { ReportCommentButton } from '../moderation/MemberMenus'
import { Avatar } from '../ui/Avatar'
import { HeartIcon, TrashIcon } from '../ui/icons'
import {
  canReply,
  commentAuthor,
  commentText,
  DELETE_FAILED,
  DELETED_COMMENT,
  indentLevel,
  LIKE_FAILED,
  viaHost,
  type CommentNode,
} from './thread'

// Replies nest inside their parent's item, so each level adds one step; past four
// levels no further step is added (SPEC §5: indentation capped at 4 levels).
const indentStep = (depth: number) => (depth > 0 && indentLevel(depth) > indentLevel(depth - 1) ? 'ml-5 border-l-2 border-base-300 pl-3' : '')

/**
 * CommentItem: one comment and its replies: who and when, the text (as text) and GIF, the
 * like toggle, Reply (below depth 3 only) and Delete for its author and the post's owner.
 * A deleted member's comment stays as a placeholder ('Deleted member', no text, nothing
 * to like or report) while others' replies hang under it.
 */
export function CommentItem({
  node,
  activityId,
  currentUserId,
  isOwnerOfPost,
  onReply,
}: {
  node: CommentNode
  activityId: string
  currentUserId: string | undefined
  isOwnerOfPost: boolean
  onReply: (comment: Comment) => void
}) {
  const { comment, replies } = node
  const like = useToggleCommentLike(activityId)
  const remove = useDeleteComment(activityId)
  const [confirming, setConfirming] = useState(false)
  const text = commentText(comment)
  const author = commentAuthor(comment)
  const { name, gone } = author
  const mine = Boolean(currentUserId && comment.user?.id === currentUserId)
  const canDelete = mine || isOwnerOfPost
  const userId = author.memberId
  // a remote author's avatar is drawn from their name: members' browsers never fetch remote media
  const avatarUser = comment.remote ? { id: '', firstName: name, lastName: '', nickname: null, profileImageUrl: comment.remote.avatarUrl } : comment.user

  const toggleLike = () =>
    like.mutate(comment.id, {
      onError: (error) => toast({ title: 'Error', description: serverMessage(error, LIKE_FAILED), variant: 'destructive' }),
    })

  const doDelete = () =>
    remove.mutate(comment.id, {
      onError: (error) => {
        setConfirming(false)
        toast({ title: 'Error', description: serverMessage(error, DELETE_FAILED), variant: 'destructive' })
      },
    })

  return (
    <li className={indentStep(comment.depth)} data-depth={comment.depth} data-indent={indentLevel(comment.depth)}>
      <article aria-label={`Comment by ${name}`} data-comment-id={comment.id} className="flex gap-2.5 py-2">
        {userId ? (
          <Link to={`/profile/${userId}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
            <Avatar user={comment.user} size="xs" />
          </Link>
        ) : (
          <Avatar user={avatarUser} size="xs" />
        )}
        <div className="min-w-0 flex-1">
          <div className="rounded-box bg-base-200 px-3 py-2">
            <div className="flex items-baseline gap-2 text-sm">
              {userId ? (
                <Link to={`/profile/${userId}`} className="truncate font-semibold hover:underline">
                  {name}
                </Link>
              ) : author.remoteUrl ? (
                <a
                  href={author.remoteUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                  title={author.acct}
                  className="truncate font-semibold hover:underline"
                >
                  {name}
                </a>
              ) : (
                <span className="truncate font-semibold">{name}</span>
              )}
              {author.host && (
                <span className="badge badge-ghost badge-xs shrink-0" title={author.acct} data-testid="comment-via">
                  {viaHost(author.host)}
                </span>
              )}
              <time dateTime={comment.createdAt} className="shrink-0 text-xs text-base-content/60">
                {timeAgo(comment.createdAt)}
              </time>
            </div>
            {comment.hidden && <p className="mt-0.5 text-xs font-medium text-warning">{HIDDEN_COMMENT_NOTICE}</p>}
            {gone && <p className="mt-0.5 text-sm text-base-content/60 italic">{DELETED_COMMENT}</p>}
            {text && <p className="mt-0.5 text-sm break-words whitespace-pre-wrap">{text}</p>}
            {comment.gifUrl && <img src={comment.gifUrl} alt="GIF" loading="lazy" className="mt-1.5 max-h-48 rounded-field" />}
          </div>
          <div className="mt-0.5 flex items-center gap-1 text-xs">
            {!gone && (
              <button
                type="button"
                className={`btn btn-ghost btn-xs gap-1 ${comment.isLiked ? 'text-error' : 'text-base-content/70'}`}
                aria-pressed={comment.isLiked}
                aria-label={comment.isLiked ? 'Unlike comment' : 'Like comment'}
                onClick={toggleLike}
              >
                <HeartIcon className="size-3.5" fill={comment.isLiked ? 'currentColor' : 'none'} />
                <span data-testid="comment-like-count">{comment.likeCount}</span>
              </button>
            )}
            {canReply(comment.depth) && (
              <button type="button" className="btn btn-ghost btn-xs text-base-content/70" onClick={() => onReply(comment)}>
                Reply
              </button>
            )}
            {!mine && !gone && currentUserId && <ReportCommentButton commentId={comment.id} />}
            {canDelete &&
              (confirming ? (
                <span className="flex items-center gap-1" role="group" aria-label="Delete this comment?">
                  <span className="text-base-content/70">Delete this comment?</span>
                  <button type="button" className="btn btn-error btn-xs" disabled={remove.isPending} onClick={doDelete}>
                    Delete
                  </button>
                  <button type="button" className="btn btn-ghost btn-xs" onClick={() => setConfirming(false)}>
                    Cancel
                  </button>
                </span>
              ) : (
                <button type="button" className="btn btn-ghost btn-xs text-base-content/70" aria-label="Delete comment" onClick={() => setConfirming(true)}>
                  <TrashIcon className="size-3.5" />
                </button>
              ))}
          </div>
        </div>
      </article>
      {replies.length > 0 && (
        <ul className="grid" aria-label={`Replies to ${name}`}>
          {replies.map((child) => (
            <CommentItem
              key={child.comment.id}
              node={child}
              activityId={activityId}
              currentUserId={currentUserId}
              isOwnerOfPost={isOwnerOfPost}
              onReply={onReply}
            />
          ))}
        </ul>
      )}
    </li>
  )
}
