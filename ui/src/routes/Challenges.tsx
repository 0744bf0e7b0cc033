import { AchievementBadges } from '../components/challenges/AchievementBadges'
import { ChallengesBoard } from '../components/challenges/ChallengesBoard'
import { PageHeader } from '../components/ui/PageHeader'

/** Challenges (/challenges): joined, available and completed challenges, then achievements. */
export default function Challenges() {
  return (
    <div className="mx-auto grid max-w-4xl gap-10">
      <div>
        <PageHeader title="Challenges">Set yourself a goal and track your progress as you watch.</PageHeader>
        <ChallengesBoard />
      </div>
      <section aria-labelledby="achievements-heading" className="grid gap-3">
        <h2 id="achievements-heading" className="text-lg font-semibold">
          Achievements
        </h2>
        <AchievementBadges />
      </section>
    </div>
  )
}
