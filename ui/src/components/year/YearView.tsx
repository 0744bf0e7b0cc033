import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { fullDayLabel, MONTH_SHORT, plural } from '../../lib/diary'
import { displayName } from '../../lib/users'
import { hoursText, isEmptyYear, type YearReview, type YearWatch } from '../../lib/year'
import { Poster } from '../catalog/Poster'
import { BarChart } from './BarChart'

/**
 * YearView: a member's Year in Review: the numbers, the month-by-month and ratings charts,
 * genres, top rated, rewatches, first and last watch, streak, company and challenges.
 * linkTitles is false for visitors: title pages and profiles need an account.
 */
export function YearView({ review, linkTitles = true }: { review: YearReview; linkTitles?: boolean }) {
  if (isEmptyYear(review)) {
    return <p className="py-12 text-center text-base-content/70">Nothing was logged in {review.year}. Watches you log that year show up here.</p>
  }
  const monthly = review.months.map((m) => m.films + m.episodes)
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="The year in numbers">
        <Stat label="Films watched" value={review.films} />
        <Stat label="Episodes watched" value={review.episodes} />
        <Stat label="Hours" value={hoursText(review.hours).split(' ')[0] ?? '0'} />
        <Stat label="Reviews" value={review.reviews} />
        <Stat label="Average rating" value={review.averageRating > 0 ? review.averageRating.toFixed(1) : '–'} />
        <Stat label="Titles" value={review.titles} />
        <Stat label="Longest streak" value={plural(review.longestStreak.days, 'day')} />
        <Stat label="Challenges completed" value={review.challengesCompleted.length} />
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title="Month by month">
          <BarChart
            title={`Watches per month in ${review.year}`}
            values={monthly}
            labels={MONTH_SHORT.map((m) => m.slice(0, 1))}
            describe={(_n, i) => `${MONTH_SHORT[i] ?? ''}: ${plural(review.months[i]?.films ?? 0, 'film')}, ${plural(review.months[i]?.episodes ?? 0, 'episode')}`}
            highlight={monthly.indexOf(Math.max(...monthly))}
          />
        </Card>
        <Card title="Ratings">
          <BarChart
            title={`Ratings given in ${review.year}`}
            values={review.ratingsHistogram}
            labels={review.ratingsHistogram.map((_, i) => String(i + 1))}
            describe={(n, i) => `Rated ${i + 1}: ${plural(n, 'watch', 'watches')}`}
          />
        </Card>
        <Card title="Top genres">
          <ol className="grid gap-1 text-sm">
            {review.topGenres.map((g) => (
              <li key={g.name} className="flex justify-between gap-2">
                <span>{g.name}</span>
                <span className="text-base-content/60 tabular-nums">{plural(g.count, 'title')}</span>
              </li>
            ))}
          </ol>
        </Card>
        <Card title="Top rated">
          <WatchList watches={review.topRated} linkTitles={linkTitles} note={(w) => `${w.rating.toFixed(1)}/10`} />
        </Card>
        {review.mostRewatched.length > 0 && (
          <Card title="Most rewatched">
            <WatchList
              watches={review.mostRewatched.map((r) => ({ title: r.title, watchedAt: '', rating: r.count }))}
              linkTitles={linkTitles}
              note={(w) => `${w.rating} times`}
            />
          </Card>
        )}
        <Card title="First and last watch">
          <WatchList
            watches={[review.firstWatch, review.lastWatch].filter((w): w is YearWatch => w != null)}
            linkTitles={linkTitles}
            note={(w) => fullDayLabel(w.watchedAt)}
          />
        </Card>
        {review.watchedWithMost && (
          <Card title="Watched with most">
            <p>
              {linkTitles ? (
                <Link className="link font-semibold" to={`/profile/${review.watchedWithMost.user.id}`}>
                  {displayName(review.watchedWithMost.user)}
                </Link>
              ) : (
                <span className="font-semibold">{displayName(review.watchedWithMost.user)}</span>
              )}{' '}
              <span className="text-base-content/70">— {plural(review.watchedWithMost.count, 'watch', 'watches')} together</span>
            </p>
          </Card>
        )}
        {review.challengesCompleted.length > 0 && (
          <Card title="Challenges completed">
            <ul className="list-inside list-disc text-sm">
              {review.challengesCompleted.map((c) => (
                <li key={c.id}>{c.name}</li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </div>
  )
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-box border border-base-300/70 bg-base-100 p-3">
      <dt className="text-xs text-base-content/60">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  )
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card border border-base-300/70 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <h2 className="font-semibold">{title}</h2>
        {children}
      </div>
    </section>
  )
}

function WatchList({ watches, note, linkTitles }: { watches: YearWatch[]; note: (w: YearWatch) => string; linkTitles: boolean }) {
  return (
    <ol className="grid gap-2">
      {watches.map((w, i) => (
        <li key={`${w.title.kind}${w.title.id}-${i}`} className="flex items-center gap-3">
          <Poster id={w.title.id} title={w.title.title} path={w.title.posterPath} size="w92" decorative className="w-10" />
          <span className="min-w-0 flex-1 truncate">
            {linkTitles ? (
              <Link className="link-hover font-medium" to={titlePath(w.title.kind, w.title.id)}>
                {w.title.title}
              </Link>
            ) : (
              <span className="font-medium">{w.title.title}</span>
            )}{' '}
            {w.title.year > 0 && <span className="text-base-content/60">({w.title.year})</span>}
          </span>
          <span className="text-sm text-base-content/70 tabular-nums">{note(w)}</span>
        </li>
      ))}
    </ol>
  )
}
