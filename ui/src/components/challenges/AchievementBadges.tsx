import { useQuery } from '@tanstack/react-query'
import { formatDate } from '../../lib/challenges'
import { achievementsQuery } from '../../queries/challenges'
import { TrophyIcon } from '../ui/icons'

/**
 * AchievementBadges: the seven badges, earned ones in colour with the day they were
 * earned, locked ones greyed out. Your own by default, another member's with userId.
 * compact (the profile) shows one row of small badges, the description on hover.
 */
export function AchievementBadges({ userId, compact = false }: { userId?: string; compact?: boolean }) {
  const { data, isPending, isError } = useQuery(achievementsQuery(userId))
  if (compact && data) {
    return (
      <ul className="flex flex-wrap gap-2">
        {data.map((a) => (
          <li
            key={a.code}
            data-testid="achievement"
            data-earned={a.earned}
            title={`${a.description}${a.earned ? ` · Earned ${formatDate(a.earnedAt)}` : ' · Locked'}`}
            className={`badge gap-1 ${a.earned ? 'badge-warning badge-soft' : 'badge-ghost opacity-60'}`}
          >
            <TrophyIcon className="size-3.5" />
            {a.name}
            <span className="sr-only">{a.earned ? '(earned)' : '(locked)'}</span>
          </li>
        ))}
      </ul>
    )
  }
  if (isPending) {
    return (
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="skeleton h-28 rounded-box" />
        ))}
      </ul>
    )
  }
  if (isError) return <p className="text-sm text-base-content/60">Achievements are unavailable right now.</p>
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
      {data.map((a) => (
        <li
          key={a.code}
          data-testid="achievement"
          data-earned={a.earned}
          aria-label={`${a.name}: ${a.earned ? 'earned' : 'locked'}`}
          className={`flex flex-col items-center gap-1 rounded-box border p-3 text-center ${
            a.earned ? 'border-warning/40 bg-warning/10' : 'border-base-300 bg-base-200/50 opacity-60 grayscale'
          }`}
        >
          <span className={`grid size-10 place-items-center rounded-full ${a.earned ? 'bg-warning/20 text-warning' : 'bg-base-300 text-base-content/50'}`}>
            <TrophyIcon className="size-5" />
          </span>
          <span className="text-sm font-semibold">{a.name}</span>
          <span className="text-xs text-base-content/60">{a.description}</span>
          <span className="text-xs font-medium text-base-content/70">{a.earned ? `Earned ${formatDate(a.earnedAt)}` : 'Locked'}</span>
        </li>
      ))}
    </ul>
  )
}
