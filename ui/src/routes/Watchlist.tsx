import { Link } from 'react-router'
import { EmptyState } from '../components/ui/EmptyState'
import { BookmarkIcon, SparklesIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/PageHeader'
import { ParamTabs, useTabParam } from '../components/ui/ParamTabs'

const tabs = [
  { value: 'watchlist', label: 'Watchlist' },
  { value: 'recommended', label: 'Recommended' },
] as const

/** Watchlist (/watchlist, ?tab=recommended): what you plan to watch and what friends suggest. */
export default function Watchlist() {
  const tab = useTabParam('tab', tabs)
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Watchlist">Everything you plan to watch, in one place.</PageHeader>
      <ParamTabs tabs={tabs} label="Watchlist" />
      <div role="tabpanel">
        {tab === 'recommended' ? (
          <EmptyState icon={<SparklesIcon className="size-7" />} title="No recommendations yet">
            When a friend recommends a movie or show to you, it will appear here.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<BookmarkIcon className="size-7" />}
            title="Your watchlist is empty"
            action={
              <Link to="/search" className="btn btn-primary">
                Explore titles
              </Link>
            }
          >
            Movies and shows you plan to watch will wait for you here.
          </EmptyState>
        )}
      </div>
    </div>
  )
}
