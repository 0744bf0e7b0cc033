import { EmptyState } from '../components/ui/EmptyState'
import { ChartIcon, UsersIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/PageHeader'
import { ParamTabs, useTabParam } from '../components/ui/ParamTabs'

const tabs = [
  { value: 'discover', label: 'Discover' },
  { value: 'followers', label: 'Followers' },
  { value: 'leaderboards', label: 'Leaderboards' },
] as const

/** Friends (/friends?tab=discover|followers|leaderboards). */
export default function Friends() {
  const tab = useTabParam('tab', tabs)
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Friends">Follow people whose taste you trust, and see how you compare.</PageHeader>
      <ParamTabs tabs={tabs} label="Friends" />
      <div role="tabpanel">
        {tab === 'discover' && (
          <EmptyState icon={<UsersIcon className="size-7" />} title="No suggestions available right now">
            As more people join, members you may know will show up here.
          </EmptyState>
        )}
        {tab === 'followers' && (
          <EmptyState icon={<UsersIcon className="size-7" />} title="No followers yet">
            When someone follows you, they will appear here.
          </EmptyState>
        )}
        {tab === 'leaderboards' && (
          <EmptyState icon={<ChartIcon className="size-7" />} title="No rankings yet">
            Log and rate what you watch to climb the leaderboards with your friends.
          </EmptyState>
        )}
      </div>
    </div>
  )
}
