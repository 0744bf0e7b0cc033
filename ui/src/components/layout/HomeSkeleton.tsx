import { FeedHeaderPlaceholder } from '../feed/FeedHeaderFrame'
import { FeedSkeleton } from '../feed/FeedSkeleton'
import { Wordmark } from './Logo'

/**
 * HomeSkeleton: the member home's frame while its code and data load: the header bar and
 * the home's column (HomeColumnSkeleton). index.html carries it pre-rendered, shown before
 * any script runs when a member opens / (vite.config.ts, src/startup/earlyUser.js), and
 * the app shows the same while it learns who is here and loads the member's shell
 * (routes/RootLayout.tsx), so the first paint is the home's own shape, not a spinner
 * (issue 26: the home's first paint). Screen readers hear that the feed is loading.
 */
export function HomeSkeleton() {
  return (
    <div className="min-h-dvh bg-base-200">
      <div aria-hidden="true" className="sticky top-0 z-40 border-b border-base-300/70 bg-base-100/80 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Wordmark />
          <div className="flex items-center gap-3 pr-1">
            <span className="skeleton size-8 rounded-full" />
            <span className="skeleton size-9 rounded-full" />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-28 md:pb-12">
        <HomeColumnSkeleton />
      </div>
    </div>
  )
}

/**
 * HomeColumnSkeleton: the home's column while its code loads: the feed's header card
 * (nothing to press yet) and placeholder posts (routes/Index.tsx).
 */
export function HomeColumnSkeleton() {
  return (
    <div className="mx-auto grid w-full max-w-2xl content-start gap-5">
      <FeedHeaderPlaceholder />
      <FeedSkeleton />
    </div>
  )
}
