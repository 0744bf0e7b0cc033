import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { commentsQuery, type Comment } from '../../queries/comments'
import { useCurrentUser } from '../../queries/auth'
import { Spinner } from '../ui/Spinner'
import { CommentComposer } from './CommentComposer'
import { CommentItem } from './CommentItem'
import { buildThread, NO_COMMENTS } from './thread'

/**
 * CommentThread: an activity's comments, loaded when the thread is mounted (the card
 * toggles it; SPEC §4), nested replies, and the composer. The card's commentCount is the
 * feed's: adding or deleting refreshes the feed so it stays in step.
 */
export function CommentThread({ activityId, commentCount, isOwnerOfPost }: { activityId: string; commentCount: number; isOwnerOfPost: boolean }) {
  const { data: comments, isPending, isError, refetch } = useQuery(commentsQuery(activityId))
  const { data: me } = useCurrentUser()
  const [replyTo, setReplyTo] = useState<Comment | null>(null)
  const tree = useMemo(() => buildThread(comments ?? []), [comments])

  return (
    <section aria-label="Comments" className="grid gap-2 px-4 py-3" data-testid={`comments-${activityId}`}>
      {isPending ? (
        <div className="grid gap-2" aria-busy="true">
          {Array.from({ length: Math.min(Math.max(commentCount, 1), 3) }, (_, i) => (
            <div key={i} className="flex gap-2.5">
              <div className="skeleton size-7 shrink-0 rounded-full" />
              <div className="skeleton h-12 flex-1" />
            </div>
          ))}
          <span className="sr-only">
            <Spinner label="Loading comments" />
          </span>
        </div>
      ) : isError ? (
        <div role="alert" className="flex items-center justify-between gap-2 text-sm text-error">
          Comments could not be loaded.
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : tree.length === 0 ? (
        <p className="py-2 text-center text-sm text-base-content/60">{NO_COMMENTS}</p>
      ) : (
        <ul className="grid" aria-label="Comment list">
          {tree.map((node) => (
            <CommentItem
              key={node.comment.id}
              node={node}
              activityId={activityId}
              currentUserId={me?.id}
              isOwnerOfPost={isOwnerOfPost}
              onReply={setReplyTo}
            />
          ))}
        </ul>
      )}
      <CommentComposer activityId={activityId} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
    </section>
  )
}

export default CommentThread
