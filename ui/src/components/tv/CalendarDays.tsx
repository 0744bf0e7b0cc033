import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { code, episodeTitle, type CalendarDay } from '../../lib/tv'
import { Poster } from '../catalog/Poster'
import { CheckIcon } from '../ui/icons'

/**
 * CalendarDays: episodes grouped by air date, one section per day ('Today', 'Tomorrow',
 * 'Friday, March 6'); days already past are dimmed, and an episode the member watched
 * says so.
 */
export function CalendarDays({ days }: { days: CalendarDay[] }) {
  return (
    <ol className="grid gap-6">
      {days.map((day) => (
        <li key={day.day} aria-labelledby={`day-${day.day}`} data-testid="calendar-day">
          <h2 id={`day-${day.day}`} className={`mb-2 text-sm font-semibold tracking-wide uppercase ${day.past ? 'text-base-content/50' : 'text-primary'}`}>
            <time dateTime={day.day}>{day.label}</time>
          </h2>
          <ul className="grid gap-2">
            {day.episodes.map((e) => (
              <li
                key={`${e.show.id}-${e.season}-${e.episode}`}
                className={`flex items-center gap-3 rounded-box border border-base-300/70 bg-base-100 p-3 ${day.past ? 'opacity-75' : ''}`}
              >
                <Poster id={e.show.id} title={e.show.name} path={e.show.posterPath} size="w92" decorative className="w-10 shrink-0" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">
                    <Link to={titlePath('tv', e.show.id)} className="hover:text-primary hover:underline">
                      {e.show.name}
                    </Link>
                  </p>
                  <p className="truncate text-sm text-base-content/70">
                    <span className="font-mono">{code(e)}</span> · {episodeTitle(e)}
                    {e.runtime ? <span className="text-base-content/50"> · {e.runtime} min</span> : null}
                  </p>
                </div>
                {e.watched && (
                  <span className="badge badge-soft badge-success shrink-0 gap-1">
                    <CheckIcon className="size-3.5" /> Watched
                  </span>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  )
}
