import { FeedHeaderPlaceholder } from '../feed/FeedHeaderFrame'
import { FeedSkeleton } from '../feed/FeedSkeleton'
import { Wordmark } from './Logo'

/** HOME_GRID: the home's columns: one on a phone, three on large screens (routes/Home.tsx). */
export const HOME_GRID = 'grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)_17rem] xl:grid-cols-[16.5rem_minmax(0,1fr)_18rem]'

/** HOME_COLUMN: the home's middle column, the feed's. */
export const HOME_COLUMN = 'mx-auto grid w-full max-w-2xl content-start gap-5'

/**
 * HomeSkeleton: the member home's frame while its code and data load: the header bar and
 * the home's columns (HomeBodySkeleton). index.html carries it pre-rendered, shown before
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
          <div className="hidden max-w-md flex-1 md:block">
            <div className="skeleton h-8 w-full rounded-full" />
          </div>
          <div className="flex items-center gap-3 pr-1">
            <span className="skeleton size-8 rounded-full" />
            <span className="skeleton size-9 rounded-full" />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-28 md:pb-12">
        <HomeBodySkeleton />
      </div>
    </div>
  )
}

/**
 * HomeBodySkeleton: the home's columns while its code loads: the feed's header card
 * (nothing to press yet) and placeholder posts, with the side columns' cards on large
 * screens (routes/Index.tsx).
 */
export function HomeBodySkeleton() {
  const side = (
    <div aria-hidden="true" className="hidden flex-col gap-4 lg:flex">
      <div className="skeleton h-56 w-full" />
      <div className="skeleton h-36 w-full" />
    </div>
  )
  return (
    <div className={HOME_GRID}>
      {side}
      <div className={HOME_COLUMN}>
        <FeedHeaderPlaceholder />
        <FeedSkeleton />
      </div>
      {side}
    </div>
  )
}
