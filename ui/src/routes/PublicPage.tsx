import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import { Poster } from '../components/catalog/Poster'
import { Stars } from '../components/feed/Stars'
import { PublicListView } from '../components/public/PublicListView'
import { PublicDiary, PublicFavorites, PublicLists } from '../components/public/PublicSections'
import { Spinner } from '../components/ui/Spinner'
import { YearView } from '../components/year/YearView'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { signUpPath, type PublicMember, type PublicReview } from '../lib/public'
import { avatarUrl, displayName } from '../lib/users'
import { parseYear } from '../lib/year'
import { useCurrentUser } from '../queries/auth'
import { publicListQuery, publicProfileQuery, publicReviewQuery, publicYearQuery } from '../queries/public'

/**
 * PublicPage (/u/:handle, /u/:handle/review/:activityId, /u/:handle/list/:listId,
 * /u/:handle/year/:yyyy): what
 * anyone, signed out included, sees of a member who made their profile public. The
 * server already filled the page's head for link previews; a member who is not public
 * (or does not exist) shows the same 'nothing here' page.
 */
export default function PublicPage() {
  const { handle = '', activityId, listId, yyyy } = useParams()
  if (activityId) return <ReviewPage handle={handle} id={activityId} />
  if (listId) return <ListPage handle={handle} id={listId} />
  if (yyyy) return <YearPage handle={handle} yyyy={yyyy} />
  return <ProfilePage handle={handle} />
}

function ProfilePage({ handle }: { handle: string }) {
  const q = useQuery(publicProfileQuery(handle))
  useDocumentTitle(q.data ? `${displayName(q.data.member)} (@${q.data.member.handle})` : 'CineCircle')
  return (
    <Frame pending={q.isPending} missing={q.isError}>
      {q.data && (
        <>
          <MemberHeader member={q.data.member} />
          <dl className="grid grid-cols-3 gap-3 text-center">
            {[
              ['Films', q.data.totals.movies],
              ['Reviews', q.data.totals.reviews],
              ['Hours', Math.round(q.data.totals.hours)],
            ].map(([label, n]) => (
              <div key={label} className="rounded-box bg-base-200 p-3">
                <dt className="text-xs text-base-content/60">{label}</dt>
                <dd className="text-2xl font-bold tabular-nums">{n}</dd>
              </div>
            ))}
          </dl>
          <PublicFavorites favorites={q.data.favorites} />
          <h2 className="text-lg font-semibold">Recent reviews</h2>
          {q.data.reviews.length === 0 && <p className="text-base-content/70">No reviews yet.</p>}
          <ul className="grid gap-3">
            {q.data.reviews.map((r) => (
              <li key={r.id}>
                <ReviewCard review={r} handle={handle} />
              </li>
            ))}
          </ul>
          <PublicDiary diary={q.data.diary} />
          <PublicLists handle={q.data.member.handle} lists={q.data.lists} />
          <p>
            <Link className="link" to={`/u/${handle}/year/${new Date().getUTCFullYear()}`}>
              {new Date().getUTCFullYear()} in Review
            </Link>
          </p>
        </>
      )}
    </Frame>
  )
}

function ReviewPage({ handle, id }: { handle: string; id: string }) {
  const q = useQuery(publicReviewQuery(handle, id))
  useDocumentTitle(q.data ? `${displayName(q.data.member)}'s review of ${q.data.review.title}` : 'CineCircle')
  return (
    <Frame pending={q.isPending} missing={q.isError}>
      {q.data && (
        <>
          <MemberHeader member={q.data.member} />
          <ReviewCard review={q.data.review} handle={handle} full />
        </>
      )}
    </Frame>
  )
}

function ListPage({ handle, id }: { handle: string; id: string }) {
  const q = useInfiniteQuery(publicListQuery(handle, id))
  const first = q.data?.pages[0]
  useDocumentTitle(first ? `${first.list.name}, a list by ${displayName(first.member)}` : 'CineCircle')
  const { data: me } = useCurrentUser()
  return (
    <Frame pending={q.isPending} missing={q.isError}>
      {first && (
        <>
          <MemberHeader member={first.member} />
          <PublicListView list={{ ...first.list, items: q.data?.pages.flatMap((p) => p.list.items) ?? [] }} owner={first.member} />
          {q.hasNextPage && (
            <button type="button" className="btn btn-outline justify-self-center" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
              {q.isFetchingNextPage ? 'Loading…' : 'Show more titles'}
            </button>
          )}
          {me && (
            <p className="text-sm text-base-content/70">
              This is the list as visitors see it.{' '}
              <Link className="link" to={`/list/${first.list.id}`}>
                Open it in CineCircle
              </Link>
            </p>
          )}
        </>
      )}
    </Frame>
  )
}

function YearPage({ handle, yyyy }: { handle: string; yyyy: string }) {
  const year = parseYear(yyyy) ?? 0
  const q = useQuery({ ...publicYearQuery(handle, year), enabled: year > 0 })
  useDocumentTitle(q.data ? `${displayName(q.data.member)}'s ${year} in Review` : 'CineCircle')
  return (
    <Frame pending={year > 0 && q.isPending} missing={year === 0 || q.isError}>
      {q.data && (
        <>
          <MemberHeader member={q.data.member} />
          <h2 className="text-2xl font-black">{year} in Review</h2>
          <YearView review={q.data.year} linkTitles={false} />
        </>
      )}
    </Frame>
  )
}

/** Frame: the page with the visitor's call to action, or the 'nothing here' state. */
function Frame({ pending, missing, children }: { pending: boolean; missing: boolean; children: ReactNode }) {
  const { data: me } = useCurrentUser()
  const { pathname } = useLocation()
  if (pending) return <Spinner label="Loading" className="loading-lg mx-auto my-24 block" />
  if (missing) {
    return (
      <div className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-bold">Nothing to see here</h1>
        <p className="mt-2 text-base-content/70">This page does not exist, or its owner keeps their diary for members only.</p>
        {!me && (
          <Link className="btn btn-primary mt-6" to={signUpPath(pathname)}>
            Join CineCircle
          </Link>
        )}
      </div>
    )
  }
  return (
    <div className="mx-auto grid max-w-3xl gap-5">
      {children}
      {!me && (
        <aside className="card bg-primary text-primary-content" aria-label="Join CineCircle">
          <div className="card-body flex-row flex-wrap items-center justify-between gap-3">
            <p>Keep a diary of what you watch, rate and review it with friends.</p>
            <Link className="btn" to={signUpPath(pathname)}>
              Sign up to CineCircle
            </Link>
          </div>
        </aside>
      )}
    </div>
  )
}

function MemberHeader({ member }: { member: PublicMember }) {
  return (
    <header className="flex items-center gap-4">
      <img src={avatarUrl(member)} alt="" width={64} height={64} className="size-16 rounded-full object-cover" />
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-bold">{displayName(member)}</h1>
        <p className="text-base-content/60">
          <Link to={`/u/${member.handle}`}>@{member.handle}</Link>
        </p>
        {member.bio && <p className="mt-1 text-sm whitespace-pre-line">{member.bio}</p>}
      </div>
    </header>
  )
}

function ReviewCard({ review, handle, full = false }: { review: PublicReview; handle: string; full?: boolean }) {
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm" data-testid="public-review">
      <div className="card-body flex-row gap-4">
        <Poster id={review.titleId} title={review.title} path={review.posterPath} size="w185" decorative className={full ? 'w-28' : 'w-16'} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold">
            {full ? (
              review.title
            ) : (
              <Link className="link-hover" to={`/u/${handle}/review/${review.id}`}>
                {review.title}
              </Link>
            )}{' '}
            {review.year > 0 && <span className="font-normal text-base-content/60">({review.year})</span>}
          </h2>
          {review.rating > 0 && <Stars rating={review.rating} className="mt-1" />}
          {review.review && <p className={`mt-2 whitespace-pre-line ${full ? '' : 'line-clamp-3'}`}>{review.review}</p>}
          {review.watchedWith.length > 0 && (
            <p className="mt-2 text-sm text-base-content/70">Watched with {review.watchedWith.map((m) => displayName(m)).join(', ')}</p>
          )}
        </div>
      </div>
    </article>
  )
}
