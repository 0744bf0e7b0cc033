import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link } from 'react-router'
import { currentChallenge } from '../../lib/challenges'
import { availableChallengesQuery, useChallengesFollowDiary, userChallengesQuery } from '../../queries/challenges'
import { ChallengeProgress } from './ChallengeProgress'
import { NO_ACTIVE_CHALLENGES } from './challengeText'

/**
 * CurrentChallengeCard: 'Current Challenge' (SPEC §2 home, left sidebar): the member's
 * running challenge closest to completion with its progress; otherwise a prompt to join
 * one when some are running, else 'No active challenges'.
 */
export function CurrentChallengeCard({ className = '' }: { className?: string }) {
  useChallengesFollowDiary()
  const mine = useQuery(userChallengesQuery())
  const current = currentChallenge(mine.data)
  const available = useQuery({ ...availableChallengesQuery(), enabled: mine.isSuccess && !current })
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} data-testid="current-challenge" className={`card border border-base-300/70 bg-base-100 shadow-sm ${className}`}>
      <div className="card-body gap-3 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="card-title text-base">
            Current Challenge
          </h2>
          <Link to="/challenges" className="link text-xs link-primary">
            See all
          </Link>
        </div>
        {mine.isPending || (!current && available.isPending && mine.isSuccess) ? (
          <div className="grid gap-2" aria-busy="true">
            <div className="skeleton h-4 w-3/4" />
            <div className="skeleton h-2 w-full" />
          </div>
        ) : mine.isError ? (
          <p className="text-sm text-base-content/60">
            Challenges are unavailable right now.{' '}
            <button type="button" className="link" onClick={() => void mine.refetch()}>
              Try again
            </button>
          </p>
        ) : current ? (
          <div className="grid gap-2">
            <div className="flex items-start justify-between gap-2">
              <Link to="/challenges" className="font-semibold hover:underline">
                {current.challenge.name}
              </Link>
              {current.isCompleted && <span className="badge badge-success badge-sm shrink-0">Completed</span>}
            </div>
            {current.challenge.description && <p className="text-xs text-base-content/60">{current.challenge.description}</p>}
            <ChallengeProgress userChallenge={current} />
          </div>
        ) : (available.data?.length ?? 0) > 0 ? (
          <div className="grid gap-2">
            <p className="text-sm text-base-content/70">Set yourself a goal for this month and track it as you watch.</p>
            <Link to="/challenges" className="btn btn-sm btn-primary">
              Join a challenge
            </Link>
          </div>
        ) : (
          <p className="text-sm text-base-content/60">{NO_ACTIVE_CHALLENGES}</p>
        )}
      </div>
    </section>
  )
}
