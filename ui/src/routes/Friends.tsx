import { DiscoverTab } from '../components/friends/DiscoverTab'
import { FollowersTab } from '../components/friends/FollowersTab'
import { LeaderboardsTab } from '../components/friends/LeaderboardsTab'
import { PageHeader } from '../components/ui/PageHeader'
import { ParamTabs, useTabParam } from '../components/ui/ParamTabs'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { useCurrentUser } from '../queries/auth'

const tabs = [
  { value: 'discover', label: 'Discover' },
  { value: 'followers', label: 'Followers' },
  { value: 'leaderboards', label: 'Leaderboards' },
] as const

/** Friends (/friends?tab=discover|followers|leaderboards, SPEC §2). */
export default function Friends() {
  const tab = useTabParam('tab', tabs)
  const { data: user } = useCurrentUser()
  useDocumentTitle('Friends')
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Friends">Follow people whose taste you trust, and see how you compare.</PageHeader>
      <ParamTabs tabs={tabs} label="Friends" />
      <div role="tabpanel" aria-label={tabs.find((t) => t.value === tab)?.label}>
        {tab === 'discover' && user && <DiscoverTab userId={user.id} />}
        {tab === 'followers' && <FollowersTab />}
        {tab === 'leaderboards' && <LeaderboardsTab />}
      </div>
    </div>
  )
}
