import { Link } from 'react-router'
import { diaryTitle, type DiaryItem } from '../../lib/diary'
import { itemsLabel } from '../../lib/lists'
import { publicListPath } from '../../lib/public'
import { formatRating, hasRating } from '../../lib/rating'
import type { Favorite, ListSummary } from '../../queries/lists'
import { Poster } from '../catalog/Poster'
import { PosterMosaic } from '../lists/PosterMosaic'
import { RefreshIcon, StarIcon } from '../ui/icons'

// The sections of a public profile (#21) below the member: favourite films, the recent
// diary and public lists. Visitors cannot open members-only title pages, so posters here
// are pictures, not links; lists link to their public pages.

/** PublicFavorites: up to four favourite films, in the member's order; nothing when none. */
export function PublicFavorites({ favorites }: { favorites: Favorite[] }) {
  if (favorites.length === 0) return null
  return (
    <section aria-labelledby="public-favorites" className="grid gap-2">
      <h2 id="public-favorites" className="text-lg font-semibold">
        Favourite films
      </h2>
      <ol className="grid grid-cols-4 gap-3 sm:max-w-md" data-testid="public-favorites">
        {favorites.map((f) => (
          <li key={f.movieId}>
            <Poster id={f.movieId} title={f.year ? `${f.title} (${f.year})` : f.title} path={f.posterPath} size="w185" className="w-full" />
          </li>
        ))}
      </ol>
    </section>
  )
}

/** dateLabel: 'Feb 1, 2025' for a watch's day (stored as midnight UTC, read in UTC). */
function dateLabel(iso: string): string {
  if (!iso) return ''
  return new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
}

/** PublicDiary: the member's newest dated watches: poster, title, day, rating, rewatch. */
export function PublicDiary({ diary }: { diary: DiaryItem[] }) {
  return (
    <section aria-labelledby="public-diary" className="grid gap-2">
      <h2 id="public-diary" className="text-lg font-semibold">
        Recent diary
      </h2>
      {diary.length === 0 ? (
        <p className="text-base-content/70">Nothing logged yet.</p>
      ) : (
        <ol className="divide-y divide-base-300/70 overflow-hidden rounded-box border border-base-300/70 bg-base-100" data-testid="public-diary">
          {diary.map((item) => {
            const title = diaryTitle(item)
            return (
              <li key={item.id} className="flex items-center gap-3 p-3">
                <Poster id={title.id} title={title.title} path={title.posterPath} size="w92" className="w-10 shrink-0" decorative />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">
                    {title.title} {title.year && <span className="font-normal text-base-content/60">({title.year})</span>}
                  </p>
                  <p className="text-sm text-base-content/60">
                    <time dateTime={item.watchedAt}>{dateLabel(item.watchedAt)}</time>
                    {item.rewatch && (
                      <span className="ms-2 inline-flex items-center gap-1">
                        <RefreshIcon className="size-3.5" aria-hidden="true" /> Rewatch
                      </span>
                    )}
                  </p>
                </div>
                {hasRating(item.rating) && (
                  <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold tabular-nums">
                    <StarIcon className="size-4 text-warning" aria-hidden="true" />
                    <span className="sr-only">Rated </span>
                    {formatRating(item.rating)}
                  </span>
                )}
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}

/** PublicLists: the member's public lists as cards leading to their public pages. */
export function PublicLists({ handle, lists }: { handle: string; lists: ListSummary[] }) {
  if (lists.length === 0) return null
  return (
    <section aria-labelledby="public-lists" className="grid gap-2">
      <h2 id="public-lists" className="text-lg font-semibold">
        Lists
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="public-lists">
        {lists.map((l) => (
          <li key={l.id} className="card border border-base-300/70 bg-base-100 shadow-sm transition hover:border-primary/50">
            <Link to={publicListPath(handle, l.id)} className="flex items-center gap-4 p-4">
              <PosterMosaic posters={l.posters} name={l.name} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{l.name}</p>
                <p className="text-sm text-base-content/70">
                  {itemsLabel(l.itemCount)}
                  {l.ranked && ' · Ranked'}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
