import { Fragment, type ReactNode } from 'react'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import { voteLabel, type CatalogKind } from '../../lib/catalog'
import { isNotFound } from '../../queries/catalog'
import { EmptyState } from '../ui/EmptyState'
import { AlertIcon, FilmIcon, StarIcon, TvIcon } from '../ui/icons'
import { Poster } from './Poster'

/**
 * TitleHero: the top of a movie or TV page: poster, title, facts line, genres, average
 * vote and overview. Facts that are missing are left out rather than shown empty.
 */
export function TitleHero({
  id,
  title,
  originalTitle,
  posterPath,
  facts,
  genres,
  vote,
  overview,
  actions,
  community,
}: {
  id: number
  title: string
  originalTitle?: string | null
  posterPath: string | null
  facts: (string | null | undefined)[]
  genres: string[]
  vote: number | null
  overview: string | null
  /** The member's actions on the title (log, watchlist, rate), under the facts. */
  actions?: ReactNode
  /** The community's rating of the title, beside the average vote. */
  community?: ReactNode
}) {
  useDocumentTitle(title)
  const shownFacts = facts.filter((f): f is string => Boolean(f))
  const score = voteLabel(vote)
  return (
    <article className="flex flex-col gap-6 sm:flex-row sm:items-start sm:gap-8">
      <Poster id={id} title={title} path={posterPath} size="w500" className="w-44 self-center shadow-lg sm:w-56 sm:self-start" eager />
      <div className="min-w-0 flex-1">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {originalTitle && originalTitle !== title && (
          <p className="mt-1 text-sm text-base-content/60 italic">
            {originalTitle}
          </p>
        )}
        {shownFacts.length > 0 && (
          <p className="mt-2 flex flex-wrap items-center gap-x-2 text-base-content/70">
            {shownFacts.map((fact, i) => (
              <Fragment key={fact}>
                {i > 0 && <span aria-hidden="true">·</span>}
                <span>{fact}</span>
              </Fragment>
            ))}
          </p>
        )}
        {score && (
          <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-warning/15 px-3 py-1 text-sm font-semibold">
            <StarIcon className="size-4 fill-warning text-warning" />
            {score}
            <span className="font-normal text-base-content/60">/ 10 average</span>
          </p>
        )}
        {community}
        {actions}
        {genres.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Genres">
            {genres.map((genre) => (
              <li key={genre} className="badge badge-soft">
                {genre}
              </li>
            ))}
          </ul>
        )}
        {overview?.trim() ? (
          <p className="mt-5 max-w-prose leading-relaxed">{overview}</p>
        ) : (
          <p className="mt-5 text-base-content/60">No overview yet.</p>
        )}
      </div>
    </article>
  )
}

/** TitleSkeleton holds a title page's shape while it loads. */
export function TitleSkeleton() {
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:gap-8" aria-busy="true">
      <span className="sr-only">Loading</span>
      <div className="skeleton aspect-[2/3] w-44 self-center rounded-lg sm:w-56 sm:self-start" />
      <div className="flex flex-1 flex-col gap-3">
        <div className="skeleton h-9 w-2/3" />
        <div className="skeleton h-4 w-1/3" />
        <div className="skeleton h-6 w-24 rounded-full" />
        <div className="mt-4 skeleton h-4 w-full" />
        <div className="skeleton h-4 w-11/12" />
        <div className="skeleton h-4 w-4/5" />
      </div>
    </div>
  )
}

const missing: Record<CatalogKind, { title: string; body: string; icon: ReactNode }> = {
  movie: {
    title: 'Movie not found',
    body: 'We couldn’t find this movie. It may have been removed, or the link may be wrong.',
    icon: <FilmIcon />,
  },
  tv: {
    title: 'TV show not found',
    body: 'We couldn’t find this TV show. It may have been removed, or the link may be wrong.',
    icon: <TvIcon />,
  },
}

/** TitleProblem: the page for a missing title (a friendly not-found) or a failed load. */
export function TitleProblem({ kind, error, onRetry }: { kind: CatalogKind; error: unknown; onRetry: () => void }) {
  const text = missing[kind]
  const notFound = error == null || isNotFound(error)
  useDocumentTitle(notFound ? text.title : undefined)
  if (notFound) {
    return (
      <EmptyState
        icon={text.icon}
        title={text.title}
        action={
          <Link to="/search" className="btn btn-primary">
            Explore movies and TV shows
          </Link>
        }
      >
        {text.body}
      </EmptyState>
    )
  }
  return (
    <div role="alert" className="alert alert-error alert-soft">
      <AlertIcon />
      <span>{kind === 'movie' ? 'This movie could not be loaded.' : 'This TV show could not be loaded.'}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  )
}
