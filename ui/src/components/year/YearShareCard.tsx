import type { Ref } from 'react'
import { shareCardStyle } from '../../lib/share'
import { hoursText, type YearReview } from '../../lib/year'
import { Poster } from '../catalog/Poster'
import { CardSignature } from '../share/CardSignature'

/**
 * YearShareCard: the image a member saves of their year: the big numbers, the top rated
 * posters, their name. Fixed colours, so it looks the same in every theme; fluid lets the
 * preview shrink on narrow phones while the captured copy stays 400 px.
 */
export function YearShareCard({ review, fluid = false, ref }: { review: YearReview; fluid?: boolean; ref?: Ref<HTMLDivElement> }) {
  const numbers = [
    [review.films, review.films === 1 ? 'film' : 'films'],
    [review.episodes, review.episodes === 1 ? 'episode' : 'episodes'],
    [review.reviews, review.reviews === 1 ? 'review' : 'reviews'],
  ] as const
  return (
    <div
      ref={ref}
      data-testid="year-share-card"
      className="overflow-hidden rounded-2xl p-5 text-white"
      style={shareCardStyle(fluid, 'linear-gradient(160deg, #0f172a 0%, #1e3a8a 50%, #9d174d 100%)')}
    >
      <p className="text-xs font-semibold tracking-widest uppercase" style={{ color: '#f9a8d4' }}>
        Year in Review
      </p>
      <p className="text-4xl font-black">{review.year}</p>
      <div className="mt-4 grid grid-cols-3 gap-2 text-center">
        {numbers.map(([n, label]) => (
          <div key={label} className="rounded-xl py-2" style={{ background: 'rgba(255,255,255,0.1)' }}>
            <p className="text-2xl font-bold tabular-nums">{n}</p>
            <p className="text-xs" style={{ color: '#e0e7ff' }}>{label}</p>
          </div>
        ))}
      </div>
      <p className="mt-3 text-sm" style={{ color: '#e0e7ff' }}>
        {hoursText(review.hours)} watched
        {review.averageRating > 0 && ` · average ${review.averageRating.toFixed(1)}/10`}
        {review.longestStreak.days > 1 && ` · ${review.longestStreak.days}-day streak`}
      </p>
      {review.topRated.length > 0 && (
        <div className="mt-4 flex gap-2">
          {review.topRated.slice(0, 4).map((w) => (
            <Poster key={`${w.title.kind}${w.title.id}`} id={w.title.id} title={w.title.title} path={w.title.posterPath} size="w185" eager decorative className="w-[22%]" />
          ))}
        </div>
      )}
      <CardSignature user={review.user} accent="#e0e7ff" />
    </div>
  )
}
