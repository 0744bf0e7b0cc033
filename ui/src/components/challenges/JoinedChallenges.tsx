import { dateRange, formatDate, type UserChallenge } from '../../lib/challenges'
import { useLeaveChallenge } from '../../queries/challenges'
import { CheckIcon } from '../ui/icons'
import { ChallengeProgress } from './ChallengeProgress'

/** JoinedChallenges: the member's running challenges with progress and a Leave button. */
export function JoinedChallenges({ challenges }: { challenges: UserChallenge[] }) {
  const leave = useLeaveChallenge()
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {challenges.map((uc) => (
        <li key={uc.id} className="card border border-base-300/70 bg-base-100 shadow-sm" data-testid="joined-challenge">
          <div className="card-body gap-2 p-4">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold">{uc.challenge.name}</h3>
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Leave ${uc.challenge.name}`}
                disabled={leave.isPending && leave.variables === uc.challenge.id}
                onClick={() => leave.mutate(uc.challenge.id)}
              >
                Leave
              </button>
            </div>
            {uc.challenge.description && <p className="text-sm text-base-content/70">{uc.challenge.description}</p>}
            <p className="text-xs text-base-content/60">{dateRange(uc.challenge.startsAt, uc.challenge.endsAt)}</p>
            <ChallengeProgress userChallenge={uc} />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** CompletedChallenges: challenges the member finished, with the day they did. */
export function CompletedChallenges({ challenges }: { challenges: UserChallenge[] }) {
  return (
    <ul className="grid gap-2">
      {challenges.map((uc) => (
        <li key={uc.id} className="flex items-center gap-3 rounded-box border border-base-300/70 bg-base-100 p-3" data-testid="completed-challenge">
          <span className="grid size-8 shrink-0 place-items-center rounded-full bg-success/15 text-success">
            <CheckIcon className="size-4" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold">{uc.challenge.name}</span>
            <span className="block text-xs text-base-content/60">
              {uc.progress} / {uc.challenge.targetCount}
              {uc.completedAt && ` · Completed ${formatDate(uc.completedAt)}`}
            </span>
          </span>
        </li>
      ))}
    </ul>
  )
}
