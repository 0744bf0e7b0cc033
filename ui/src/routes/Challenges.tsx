import { EmptyState } from '../components/ui/EmptyState'
import { TrophyIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/PageHeader'

/** Challenges (/challenges). */
export default function Challenges() {
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Challenges">Set yourself a goal and track your progress as you watch.</PageHeader>
      <EmptyState icon={<TrophyIcon className="size-7" />} title="No active challenges">
        Challenges you join will show your progress here.
      </EmptyState>
    </div>
  )
}
