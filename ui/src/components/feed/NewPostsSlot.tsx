import { lazy, Suspense } from 'react'

// The 'N new posts' pill belongs to the realtime work (components/notifications).
const NewPostsPill = lazy(() => import('../notifications/NewPostsPill').then((m) => ({ default: m.NewPostsPill })))

/** NewPostsSlot: where the feed's 'N new posts' pill sits, above the list. */
export function NewPostsSlot() {
  return (
    <Suspense fallback={null}>
      <NewPostsPill />
    </Suspense>
  )
}
