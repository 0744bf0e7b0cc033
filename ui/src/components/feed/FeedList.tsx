import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { startTransition, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { isUnauthorized } from '../../lib/api'
import { activityIdFromHash, flattenPages, nearBottom } from '../../lib/feed'
import { activityQuery, feedInfiniteQuery } from '../../queries/feed'
import { AlertIcon } from '../ui/icons'
import { ActivityItem } from './ActivityItem'
import { EmptyFeed } from './EmptyFeed'
import { FeedSkeleton } from './FeedSkeleton'

/**
 * POST_BATCH: how many posts render as soon as a page arrives. The rest of the page follows
 * at once, as many more at a time, each batch in a transition (React renders it in slices
 * between the browser's own work): the first screen paints sooner and the page stays
 * responsive while the others are built (issue: performance). One at a time: a post is
 * some 60 elements, and the browser's style and layout of each batch is one task that
 * nothing slices; four at once made tasks of 50 ms and more on a mid-range phone (issue
 * 26: the home's blocking time, bench/NOTES.md).
 */
const POST_BATCH = 1

/**
 * FeedList: the home feed (SPEC §2, §4): skeletons while loading, the empty message,
 * posts newest first, the next page when the view comes within 1000 px of the bottom
 * (or on 'Load More Posts'), and the end. A post the address points at (#activity-{id})
 * that is not among the loaded pages is fetched and shown first.
 */
export function FeedList({ currentUserId }: { currentUserId: string }) {
  const feed = useInfiniteQuery(feedInfiniteQuery())
  const { data, isPending, isError, error, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, refetch } = feed
  const allPosts = useMemo(() => flattenPages(data?.pages), [data])
  const [shown, setShown] = useState(POST_BATCH)
  useEffect(() => {
    if (allPosts.length > shown) startTransition(() => setShown(Math.min(shown + POST_BATCH, allPosts.length)))
  }, [allPosts.length, shown])
  const complete = allPosts.length <= shown
  const posts = complete ? allPosts : allPosts.slice(0, shown)

  const { hash } = useLocation()
  const targetId = activityIdFromHash(hash)
  const missing = !!targetId && !!data && !allPosts.some((p) => p.id === targetId)
  const target = useQuery({ ...activityQuery(targetId ?? ''), enabled: missing })

  // Load the next page near the bottom; checked on scroll and resize and after each page
  // (a short page may not fill the screen), once the page's posts are all on screen.
  const canLoad = complete && hasNextPage && !isFetchingNextPage && !isFetchNextPageError
  const loadRef = useRef(fetchNextPage)
  useEffect(() => {
    loadRef.current = fetchNextPage
  })
  useEffect(() => {
    if (!canLoad) return
    const check = () => {
      const el = document.documentElement
      if (nearBottom({ scrollTop: window.scrollY, viewportHeight: window.innerHeight, scrollHeight: el.scrollHeight })) {
        void loadRef.current()
      }
    }
    check()
    window.addEventListener('scroll', check, { passive: true })
    window.addEventListener('resize', check)
    return () => {
      window.removeEventListener('scroll', check)
      window.removeEventListener('resize', check)
    }
  }, [canLoad, posts.length])

  if (isPending) return <FeedSkeleton />

  if (isError && !data) {
    const unauthorized = isUnauthorized(error)
    return (
      <div role="alert" className="alert alert-error alert-soft flex-wrap">
        <AlertIcon className="size-5" />
        <div className="flex-1">
          <p className="font-semibold">{unauthorized ? 'Session expired' : 'Failed to fetch feed'}</p>
          {unauthorized && <p className="text-sm">Please log in again</p>}
        </div>
        {unauthorized ? (
          <a href="/api/login" className="btn btn-sm">
            Sign In
          </a>
        ) : (
          <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
            Try Again
          </button>
        )}
      </div>
    )
  }

  if (posts.length === 0) return <EmptyFeed />

  const pinned = missing && target.data && !allPosts.some((p) => p.id === target.data.id) ? target.data : null

  return (
    <div className="grid gap-5">
      <h2 className="sr-only">Posts</h2>
      {pinned && <ActivityItem activity={pinned} currentUserId={currentUserId} />}
      {posts.map((post) => (
        <ActivityItem key={post.id} activity={post} currentUserId={currentUserId} />
      ))}
      <div className="flex min-h-12 flex-col items-center justify-center gap-2 pb-4 text-sm text-base-content/60">
        {!complete ? null : isFetchingNextPage ? (
          <span className="inline-flex items-center gap-2" role="status">
            <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
            Loading more posts...
          </span>
        ) : isFetchNextPageError ? (
          <>
            <span role="alert">Failed to fetch feed</span>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void fetchNextPage()}>
              Load More Posts
            </button>
          </>
        ) : hasNextPage ? (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void fetchNextPage()}>
            Load More Posts
          </button>
        ) : (
          <p>You've reached the end of your feed</p>
        )}
      </div>
    </div>
  )
}
