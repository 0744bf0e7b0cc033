import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { barPercent, MONTH_SHORT, plural, type Profile } from '../../lib/diary'

/**
 * Analytics: a member's charts, drawn with CSS (no chart library): the ratings histogram,
 * top genres, titles per month this year, episodes watched, and TV: episodes per month,
 * top shows and hours. Each chart is a list whose
 * items read as sentences to a screen reader ('Rated 7: 3 titles').
 */
export function Analytics({ profile }: { profile: Profile }) {
  const year = new Date().getFullYear()
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ChartCard title="Ratings" note={plural(sum(profile.ratingsHistogram), 'rating')}>
        <Columns
          values={profile.ratingsHistogram}
          labels={profile.ratingsHistogram.map((_, i) => String(i + 1))}
          describe={(n, i) => `Rated ${i + 1}: ${plural(n, 'title')}`}
          label="Ratings histogram"
        />
      </ChartCard>
      <ChartCard title={`Titles per month, ${year}`} note={plural(sum(profile.titlesPerMonth), 'title')}>
        <Columns
          values={profile.titlesPerMonth}
          labels={MONTH_SHORT.map((m) => m.slice(0, 1))}
          describe={(n, i) => `${MONTH_SHORT[i] ?? ''}: ${plural(n, 'title')}`}
          label={`Titles per month in ${year}`}
          highlight={new Date().getMonth()}
        />
      </ChartCard>
      <ChartCard title="Top genres">
        {profile.topGenres.length === 0 ? (
          <p className="py-6 text-center text-sm text-base-content/60">Genres appear once you mark titles as watched.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Top genres">
            {profile.topGenres.map((genre) => (
              <li key={genre.name} className="grid grid-cols-[7rem_1fr_auto] items-center gap-3 text-sm">
                <span className="truncate">{genre.name}</span>
                <span className="h-2.5 overflow-hidden rounded-full bg-base-200" aria-hidden="true">
                  <span
                    className="block h-full rounded-full bg-secondary"
                    style={{ width: `${barPercent(genre.count, profile.topGenres[0]?.count ?? 0)}%` }}
                  />
                </span>
                <span className="text-base-content/60 tabular-nums">
                  {genre.count}
                  <span className="sr-only"> {genre.count === 1 ? 'title' : 'titles'}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </ChartCard>
      <ChartCard title="Episodes watched">
        <p className="flex items-baseline gap-2 py-4">
          <span className="text-4xl font-bold tabular-nums">{profile.totals.episodes}</span>
          <span className="text-base-content/60">{profile.totals.episodes === 1 ? 'episode' : 'episodes'} watched or reviewed</span>
        </p>
      </ChartCard>
      {profile.tv && <TvAnalytics tv={profile.tv} year={year} />}
    </div>
  )
}

/** TvAnalytics: episodes per month this year, the shows with most episodes, TV hours. */
function TvAnalytics({ tv, year }: { tv: NonNullable<Profile['tv']>; year: number }) {
  return (
    <>
      <ChartCard title={`Episodes per month, ${year}`} note={`${plural(sum(tv.episodesPerMonth), 'episode')} · ${tv.hours} h of TV`}>
        <Columns
          values={tv.episodesPerMonth}
          labels={MONTH_SHORT.map((m) => m.slice(0, 1))}
          describe={(n, i) => `${MONTH_SHORT[i] ?? ''}: ${plural(n, 'episode')}`}
          label={`Episodes per month in ${year}`}
          highlight={new Date().getMonth()}
        />
      </ChartCard>
      <ChartCard title="Top shows">
        {tv.topShows.length === 0 ? (
          <p className="py-6 text-center text-sm text-base-content/60">Shows appear once you mark episodes as watched.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Top shows">
            {tv.topShows.map((show) => (
              <li key={show.id} className="grid grid-cols-[7rem_1fr_auto] items-center gap-3 text-sm">
                <Link to={titlePath('tv', show.id)} className="truncate hover:underline">
                  {show.name}
                </Link>
                <span className="h-2.5 overflow-hidden rounded-full bg-base-200" aria-hidden="true">
                  <span className="block h-full rounded-full bg-accent" style={{ width: `${barPercent(show.episodes, tv.topShows[0]?.episodes ?? 0)}%` }} />
                </span>
                <span className="text-base-content/60 tabular-nums">
                  {show.episodes}
                  <span className="sr-only"> {show.episodes === 1 ? 'episode' : 'episodes'}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </ChartCard>
    </>
  )
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

function ChartCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <figure className="card border border-base-300/70 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <figcaption className="flex items-baseline justify-between gap-3">
          <span className="font-semibold">{title}</span>
          {note && <span className="text-xs text-base-content/60">{note}</span>}
        </figcaption>
        {children}
      </div>
    </figure>
  )
}

/** Columns: a vertical bar chart; bars scale to the largest value. */
function Columns({
  values,
  labels,
  describe,
  label,
  highlight,
}: {
  values: number[]
  labels: string[]
  describe: (n: number, i: number) => string
  label: string
  highlight?: number
}) {
  const max = Math.max(0, ...values)
  return (
    <ol className="flex h-36 items-stretch gap-1" aria-label={label}>
      {values.map((n, i) => (
        <li key={i} className="flex min-w-0 flex-1 flex-col items-center gap-1">
          <span className="sr-only">{describe(n, i)}</span>
          <span className="text-[10px] text-base-content/60 tabular-nums" aria-hidden="true">
            {n > 0 ? n : ''}
          </span>
          <span className="relative flex w-full flex-1 items-end" aria-hidden="true">
            <span
              className={`block w-full rounded-t-sm ${n === 0 ? 'bg-base-300' : i === highlight ? 'bg-primary' : 'bg-primary/60'}`}
              style={{ height: n > 0 ? `${Math.max(4, barPercent(n, max))}%` : '2px' }}
            />
          </span>
          <span className="text-[11px] text-base-content/60" aria-hidden="true">
            {labels[i]}
          </span>
        </li>
      ))}
    </ol>
  )
}
