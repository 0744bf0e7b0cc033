import { TrendingColumn } from '../components/catalog/TrendingList'
import { CurrentChallengeCard } from '../components/challenges/CurrentChallengeCard'
import { StatsCard } from '../components/diary/StatsCard'
import { FeedHeaderCard } from '../components/feed/FeedHeaderCard'
import { FeedList } from '../components/feed/FeedList'
import { NewPostsSlot } from '../components/feed/NewPostsSlot'
import { PeopleYouMayKnow } from '../components/feed/PeopleYouMayKnow'
import { HOME_COLUMN, HOME_GRID } from '../components/layout/HomeSkeleton'
import { ContinueWatching } from '../components/tv/ContinueWatching'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { LARGE_SCREEN, useMediaQuery } from '../hooks/useMediaQuery'
import type { OwnUser } from '../lib/users'

/**
 * Home: the member's feed (SPEC §2). Large screens have three columns: the left sidebar
 * (continue watching, your stats, the current challenge, people you may know), the feed,
 * and trending. Smaller screens are one column: continue watching above the feed's header
 * card, the stats and current challenge under it.
 * Only the layout in use is rendered: a phone does not build (nor fetch) the side columns
 * it would hide (issue: performance).
 */
export default function Home({ user }: { user: OwnUser }) {
  useDocumentTitle('Home')
  const large = useMediaQuery(LARGE_SCREEN)
  return (
    <div className={HOME_GRID}>
      {large && (
        <aside aria-label="Your month and people you may know" className="hidden lg:block">
          <div className="sticky top-20 flex flex-col gap-4">
            <ContinueWatching layout="stack" />
            <StatsCard />
            <CurrentChallengeCard />
            <PeopleYouMayKnow />
          </div>
        </aside>
      )}
      <div className={HOME_COLUMN}>
        {!large && <ContinueWatching layout="row" className="lg:hidden" />}
        <FeedHeaderCard user={user} />
        {!large && <StatsCard className="lg:hidden" />}
        {!large && <CurrentChallengeCard className="lg:hidden" />}
        <NewPostsSlot />
        <FeedList currentUserId={user.id} />
      </div>
      {large && (
        <aside aria-label="Trending" className="hidden lg:block">
          <TrendingColumn className="sticky top-20" />
        </aside>
      )}
    </div>
  )
}
