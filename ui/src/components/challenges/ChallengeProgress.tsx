import { progressLabel, progressPercent, type UserChallenge } from '../../lib/challenges'

/** ChallengeProgress: a bar with 'N / target' and the percent, capped at 100 (SPEC §3). */
export function ChallengeProgress({ userChallenge, className = '' }: { userChallenge: UserChallenge; className?: string }) {
  const percent = progressPercent(userChallenge)
  const name = userChallenge.challenge.name
  return (
    <div className={`grid gap-1 ${className}`}>
      <progress
        className={`progress w-full ${percent >= 100 ? 'progress-success' : 'progress-primary'}`}
        value={percent}
        max={100}
        aria-label={`${name} progress`}
        aria-valuetext={`${percent}%`}
      />
      <div className="flex items-center justify-between text-xs text-base-content/70 tabular-nums">
        <span data-testid="challenge-count">{progressLabel(userChallenge.progress, userChallenge.challenge.targetCount)}</span>
        <span data-testid="challenge-percent">{percent}%</span>
      </div>
    </div>
  )
}
