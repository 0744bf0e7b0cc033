import { dateRange, participantsLabel, type AvailableChallenge } from '../../lib/challenges'
import { useJoinChallenge } from '../../queries/challenges'
import { UsersIcon } from '../ui/icons'
import { typeLabels } from './challengeText'

/** AvailableChallenges: running challenges the member has not joined, each with a Join button. */
export function AvailableChallenges({ challenges }: { challenges: AvailableChallenge[] }) {
  const join = useJoinChallenge()
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {challenges.map((c) => {
        const joining = join.isPending && join.variables === c.id
        return (
          <li key={c.id} className="card border border-base-300/70 bg-base-100 shadow-sm" data-testid="available-challenge">
            <div className="card-body gap-2 p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold">{c.name}</h3>
                <span className="badge badge-ghost badge-sm shrink-0">
                  {typeLabels[c.type] ?? c.type}: {c.targetCount}
                </span>
              </div>
              {c.description && <p className="text-sm text-base-content/70">{c.description}</p>}
              <p className="text-xs text-base-content/60">{dateRange(c.startsAt, c.endsAt)}</p>
              <div className="mt-1 flex items-center justify-between gap-2">
                <span className="inline-flex items-center gap-1 text-xs text-base-content/60">
                  <UsersIcon className="size-4" />
                  {participantsLabel(c.participantCount)}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  aria-label={`Join ${c.name}`}
                  disabled={joining}
                  onClick={() => join.mutate(c.id)}
                >
                  {joining && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                  Join
                </button>
              </div>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
