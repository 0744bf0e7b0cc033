import { TrendingColumn } from '../components/catalog/TrendingList'
import { StatsCard } from '../components/diary/StatsCard'
import { EmptyFeed } from '../components/feed/EmptyFeed'
import { FeedHeaderCard } from '../components/feed/FeedHeaderCard'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import type { OwnUser } from '../lib/users'

/**
 * Home: the member's feed (SPEC §2). Large screens have three columns: the left sidebar
 * (your stats; later the current challenge and people you may know), the feed, and
 * trending. Smaller screens are one column, with the stats under the feed's header card.
 * The feed itself comes with the social issue.
 */
export default function Home({ user }: { user: OwnUser }) {
  useDocumentTitle('Home')
  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)_17rem] xl:grid-cols-[16.5rem_minmax(0,1fr)_18rem]">
      <aside aria-label="Your month" className="hidden lg:block">
        <div className="sticky top-20 flex flex-col gap-4">
          <StatsCard />
        </div>
      </aside>
      <div className="mx-auto grid w-full max-w-2xl content-start gap-5">
        <FeedHeaderCard user={user} />
        <StatsCard className="lg:hidden" />
        <EmptyFeed />
      </div>
      <aside aria-label="Trending" className="hidden lg:block">
        <TrendingColumn className="sticky top-20" />
      </aside>
    </div>
  )
}
