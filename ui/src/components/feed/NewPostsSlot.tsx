import { lazy, Suspense } from 'react'
import { useNewPostCount } from '../../lib/realtime'

// The 'N new posts' pill belongs to the realtime work (components/notifications). Its code
// loads with the first new post: most visits have none (first-load JavaScript, issue 26).
const NewPostsPill = lazy(() => import('../notifications/NewPostsPill').then((m) => ({ default: m.NewPostsPill })))

/** NewPostsSlot: where the feed's 'N new posts' pill sits, above the list. */
export function NewPostsSlot() {
  if (useNewPostCount() === 0) return null
  return (
    <Suspense fallback={null}>
      <NewPostsPill />
    </Suspense>
  )
}
