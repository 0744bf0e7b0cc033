import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { diaryTitle, fullDayLabel } from '../../lib/diary'
import { formatRating, hasRating } from '../../lib/rating'
import { Poster } from '../catalog/Poster'
import { StarIcon } from '../ui/icons'
import { LoadProblem, MoreButton, useDiary } from './DiaryList'

/**
 * ReviewsList: the member's written reviews, newest first, in full. They come from the
 * diary's pages (the same cache as the Diary tab), so 'Load more' reaches older ones.
 */
export function ReviewsList({ userId, empty }: { userId: string; empty: ReactNode }) {
  const { query: diary, items } = useDiary(userId)
  if (diary.isPending) {
    return (
      <div className="skeleton h-32 w-full" aria-busy="true">
        <span className="sr-only">Loading reviews</span>
      </div>
    )
  }
  if (diary.isError) return <LoadProblem what="The reviews" onRetry={() => void diary.refetch()} />
  const reviews = items.filter((item) => item.review.trim())
  return (
    <div className="grid gap-4">
      {reviews.length === 0 && !diary.hasNextPage ? (
        empty
      ) : (
        <ol className="grid gap-3">
          {reviews.map((item) => {
            const title = diaryTitle(item)
            return (
              <li key={item.id}>
                <article className="flex gap-4 rounded-box border border-base-300/70 bg-base-100 p-4 shadow-sm">
                  <Poster id={title.id} title={title.title} path={title.posterPath} size="w154" className="w-16" decorative />
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold">
                      <Link to={titlePath(title.kind, title.id)} className="link-hover">
                        {title.title}
                      </Link>
                      {title.year && <span className="ml-2 text-sm font-normal text-base-content/60">{title.year}</span>}
                    </h3>
                    <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-base-content/60">
                      {hasRating(item.rating) && (
                        <span className="inline-flex items-center gap-1 font-semibold text-base-content">
                          <StarIcon className="size-3.5 fill-warning text-warning" />
                          <span className="sr-only">Rated </span>
                          {formatRating(item.rating)}
                        </span>
                      )}
                      <time dateTime={item.watchedAt}>{fullDayLabel(item.watchedAt)}</time>
                    </p>
                    <p className="mt-2 leading-relaxed break-words whitespace-pre-line">{item.review}</p>
                  </div>
                </article>
              </li>
            )
          })}
        </ol>
      )}
      <MoreButton
        hasMore={diary.hasNextPage}
        loading={diary.isFetchingNextPage}
        failed={diary.isFetchNextPageError}
        onMore={() => void diary.fetchNextPage()}
      />
    </div>
  )
}
