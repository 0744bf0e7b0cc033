import type { Ref } from 'react'
import { activityTitle, type Activity } from '../../lib/feed'
import { excerpt } from '../../lib/diary'
import { hasRating } from '../../lib/rating'
import { shareCardStyle } from '../../lib/share'
import { Poster } from '../catalog/Poster'
import { Stars } from '../feed/Stars'
import { CardSignature } from './CardSignature'

/**
 * ShareImageCard: the card a post is saved as (SPEC §9): 400 px wide, poster, title,
 * rating stars with partial fill, a review excerpt, the member's name and the tagline
 * 'Ultimate Movie Diary'. Fixed colours, so the image looks the same in every theme.
 * fluid lets the on-screen preview shrink on narrow phones; the captured copy is 400 px.
 */
export function ShareImageCard({ activity, fluid = false, ref }: { activity: Activity; fluid?: boolean; ref?: Ref<HTMLDivElement> }) {
  const title = activityTitle(activity)
  const rating = activity.data?.rating ?? 0
  const review = excerpt(activity.data?.review ?? '', 220)
  return (
    <div
      ref={ref}
      className="overflow-hidden rounded-2xl text-white"
      style={shareCardStyle(fluid, 'linear-gradient(160deg, #1e1b4b 0%, #312e81 45%, #701a75 100%)')}
    >
      <div className="flex gap-4 p-5">
        <Poster id={title.id ?? activity.id} title={title.title} path={title.poster} size="w185" eager decorative className="w-28 shadow-lg" />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-widest uppercase" style={{ color: '#c4b5fd' }}>
            {title.kind === 'tv' ? 'TV review' : 'Movie review'}
          </p>
          <p className="mt-1 text-xl leading-tight font-bold break-words">{title.title}</p>
          {title.year && <p className="mt-0.5 text-sm" style={{ color: '#ddd6fe' }}>{title.year}</p>}
          {hasRating(rating) && (
            <Stars rating={rating} size={18} className="mt-3" valueClassName="text-base font-bold" emptyColor="rgba(255,255,255,0.25)" />
          )}
        </div>
      </div>
      {review && (
        <blockquote className="mx-5 rounded-xl px-4 py-3 text-[15px] leading-snug" style={{ background: 'rgba(255,255,255,0.1)' }}>
          “{review}”
        </blockquote>
      )}
      <CardSignature user={activity.user} accent="#ddd6fe" className="mt-4 px-5 pb-5" />
    </div>
  )
}
