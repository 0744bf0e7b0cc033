import { TrendingColumn } from '../components/catalog/TrendingList'
import { EmptyFeed } from '../components/feed/EmptyFeed'
import { FeedHeaderCard } from '../components/feed/FeedHeaderCard'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import type { OwnUser } from '../lib/users'

/** Home: the member's feed (SPEC §2). The feed itself comes with the social issue. */
export default function Home({ user }: { user: OwnUser }) {
  useDocumentTitle('Home')
  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="mx-auto grid w-full max-w-2xl content-start gap-5">
        <FeedHeaderCard user={user} />
        <EmptyFeed />
      </div>
      <aside aria-label="Trending" className="hidden lg:block">
        <TrendingColumn className="sticky top-20" />
      </aside>
    </div>
  )
}
