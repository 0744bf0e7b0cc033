import { EmptyState } from '../ui/EmptyState'
import { ChartIcon } from '../ui/icons'

/** LeaderboardsTab: the leaderboard is empty until friends log titles this month. */
export function LeaderboardsTab() {
  return (
    <EmptyState icon={<ChartIcon className="size-7" />} title="The leaderboard is empty">
      It fills up as you and your friends log titles this month.
    </EmptyState>
  )
}
