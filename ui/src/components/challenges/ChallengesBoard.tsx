import { useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { splitUserChallenges } from '../../lib/challenges'
import { availableChallengesQuery, useChallengesFollowDiary, userChallengesQuery } from '../../queries/challenges'
import { EmptyState } from '../ui/EmptyState'
import { TrophyIcon } from '../ui/icons'
import { AvailableChallenges } from './AvailableChallenges'
import { NO_ACTIVE_CHALLENGES } from './challengeText'
import { CompletedChallenges, JoinedChallenges } from './JoinedChallenges'

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/**
 * ChallengesBoard: the /challenges sections: Joined (progress and Leave), Available (Join,
 * participants, dates) and Completed; 'No active challenges' when nothing runs.
 */
export function ChallengesBoard() {
  useChallengesFollowDiary()
  const mine = useQuery(userChallengesQuery())
  const available = useQuery(availableChallengesQuery())
  if (mine.isPending || available.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
        {[0, 1].map((i) => (
          <div key={i} className="skeleton h-36 rounded-box" />
        ))}
      </div>
    )
  }
  if (mine.isError || available.isError) {
    return (
      <p className="text-base-content/70">
        Challenges are unavailable right now.{' '}
        <button
          type="button"
          className="link"
          onClick={() => {
            void mine.refetch()
            void available.refetch()
          }}
        >
          Try again
        </button>
      </p>
    )
  }
  const { joined, completed } = splitUserChallenges(mine.data)
  const open = available.data
  return (
    <div className="grid gap-8">
      {joined.length === 0 && open.length === 0 ? (
        <EmptyState icon={<TrophyIcon className="size-7" />} title={NO_ACTIVE_CHALLENGES}>
          New challenges start every month. Check back soon.
        </EmptyState>
      ) : (
        <>
          {joined.length > 0 && (
            <Section title="Joined">
              <JoinedChallenges challenges={joined} />
            </Section>
          )}
          {open.length > 0 && (
            <Section title="Available">
              <AvailableChallenges challenges={open} />
            </Section>
          )}
        </>
      )}
      {completed.length > 0 && (
        <Section title="Completed">
          <CompletedChallenges challenges={completed} />
        </Section>
      )}
    </div>
  )
}
