import { useInfiniteQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { titlePath } from '../../lib/catalog'
import { dayLabel, diaryTitle, excerpt, groupByMonth, type DiaryItem } from '../../lib/diary'
import { formatRating, hasRating } from '../../lib/rating'
import { diaryInfiniteQuery } from '../../queries/diary'
import { Poster } from '../catalog/Poster'
import { EmptyState } from '../ui/EmptyState'
import { FilmIcon, RefreshIcon, StarIcon, TvIcon } from '../ui/icons'

/** useDiary: a member's diary pages (GET /api/users/{id}/diary?page=N), flattened. */
export function useDiary(userId: string) {
  const query = useInfiniteQuery(diaryInfiniteQuery(userId))
  return { query, items: query.data?.pages.flat() ?? [] }
}

/**
 * DiaryList: the diary by month ('November 2026'), newest first; each watch shows its
 * poster, title, day, rating as X.X/10.0, a rewatch badge and the start of the review.
 * 'Load more' fetches the next 50.
 */
export function DiaryList({ userId, empty }: { userId: string; empty: ReactNode }) {
  const { query: diary, items } = useDiary(userId)
  if (diary.isPending) return <DiarySkeleton />
  if (diary.isError) return <LoadProblem what="The diary" onRetry={() => void diary.refetch()} />
  if (items.length === 0) return <>{empty}</>
  return (
    <div className="grid gap-6">
      {groupByMonth(items).map((group) => (
        <section key={group.key} aria-labelledby={`diary-${group.key || 'undated'}`}>
          <h3 id={`diary-${group.key || 'undated'}`} className="mb-2 text-sm font-semibold tracking-wide text-base-content/60 uppercase">
            {group.label}
          </h3>
          <ol className="divide-y divide-base-300/70 overflow-hidden rounded-box border border-base-300/70 bg-base-100 shadow-sm">
            {group.items.map((item) => (
              <li key={item.id}>
                <DiaryRow item={item} />
              </li>
            ))}
          </ol>
        </section>
      ))}
      <MoreButton
        hasMore={diary.hasNextPage}
        loading={diary.isFetchingNextPage}
        failed={diary.isFetchNextPageError}
        onMore={() => void diary.fetchNextPage()}
      />
    </div>
  )
}

function DiaryRow({ item }: { item: DiaryItem }) {
  const title = diaryTitle(item)
  const day = dayLabel(item.watchedAt)
  return (
    <article className="flex gap-3 p-3 sm:gap-4">
      <Link to={titlePath(title.kind, title.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Poster id={title.id} title={title.title} path={title.posterPath} size="w92" className="w-12 sm:w-14" decorative />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <h4 className="min-w-0 font-semibold">
            <Link to={titlePath(title.kind, title.id)} className="link-hover">
              {title.title}
            </Link>
          </h4>
          {title.year && <span className="text-sm text-base-content/60">{title.year}</span>}
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/70">
          <span className="inline-flex items-center gap-1">
            {item.kind === 'movie' ? <FilmIcon className="size-3.5" /> : <TvIcon className="size-3.5" />}
            {day && <time dateTime={item.watchedAt}>{day}</time>}
          </span>
          {hasRating(item.rating) && (
            <span className="inline-flex items-center gap-1 font-semibold text-base-content" data-testid="diary-rating">
              <StarIcon className="size-3.5 fill-warning text-warning" />
              <span className="sr-only">Rated </span>
              {formatRating(item.rating)}
            </span>
          )}
          {item.rewatch && (
            <span className="badge badge-soft badge-secondary badge-sm gap-1">
              <RefreshIcon className="size-3" /> Rewatch
            </span>
          )}
        </p>
        {item.review && <p className="mt-1.5 line-clamp-2 text-sm text-base-content/80">{excerpt(item.review, 240)}</p>}
      </div>
    </article>
  )
}

/** MoreButton: 'Load more' under a paged list, or nothing once the last page is in. */
export function MoreButton({
  hasMore,
  loading,
  failed,
  onMore,
}: {
  hasMore: boolean
  loading: boolean
  failed: boolean
  onMore: () => void
}) {
  if (!hasMore) return null
  return (
    <div className="flex flex-col items-center gap-2">
      {failed && <p className="text-sm text-error">The next page could not be loaded.</p>}
      <button type="button" className="btn btn-outline btn-sm" disabled={loading} onClick={onMore}>
        {loading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  )
}

/** LoadProblem: a failed load with a retry. */
export function LoadProblem({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <span>{what} could not be loaded.</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}

function DiarySkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <span className="sr-only">Loading diary</span>
      <div className="skeleton h-4 w-32" />
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3 rounded-box border border-base-300/70 bg-base-100 p-3">
          <div className="skeleton aspect-[2/3] w-12 shrink-0 rounded-lg" />
          <div className="flex flex-1 flex-col gap-2 pt-1">
            <div className="skeleton h-4 w-1/2" />
            <div className="skeleton h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  )
}

/** DiaryEmpty: what an empty diary says, with an action for your own. */
export function DiaryEmpty({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <EmptyState icon={<FilmIcon className="size-7" />} title={title} action={action}>
      {children}
    </EmptyState>
  )
}
