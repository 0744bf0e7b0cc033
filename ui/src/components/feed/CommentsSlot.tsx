import { lazy, Suspense } from 'react'
import { Spinner } from '../ui/Spinner'

// The thread (components/comments) loads on first open, so the feed's bundle stays small.
const CommentThread = lazy(() => import('../comments/CommentThread').then((m) => ({ default: m.CommentThread })))

/** CommentsSlot: the post's comment thread under its card, loaded lazily. */
export function CommentsSlot(props: { activityId: string; commentCount: number; isOwnerOfPost: boolean }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-4">
          <Spinner label="Loading comments" className="loading-sm" />
        </div>
      }
    >
      <CommentThread {...props} />
    </Suspense>
  )
}
