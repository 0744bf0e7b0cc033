import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { PageHeader } from '../components/ui/PageHeader'
import { catalogInfoQuery } from '../queries/catalog'

/**
 * AboutPage (/about): what CineCircle is, and the catalog's credits: always a line for the
 * curated catalog built into the binary, and TMDB's required attribution whenever TMDB
 * powers the catalog (also when the server cannot say, so the attribution is never missing).
 */
export default function AboutPage() {
  const info = useQuery(catalogInfoQuery())
  const tmdb = info.isError || info.data?.provider === 'tmdb'
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:px-0 md:py-0">
      <PageHeader title="About CineCircle">Where friends become film critics.</PageHeader>
      <div className="flex flex-col gap-6 leading-relaxed">
        <section aria-labelledby="about-what" className="card border border-base-300/70 bg-base-100 shadow-sm">
          <div className="card-body">
            <h2 id="about-what" className="card-title">
              What CineCircle is
            </h2>
            <p>
              CineCircle is a social movie and TV diary for you and your friends. Log what you watch, rate it from 0 to 10
              and write a review, follow friends and react to their activity in your feed, rate titles together, take
              challenges and climb the leaderboards.
            </p>
            <p>
              It is self-hosted: one community runs its own server, and your diary, reviews and friendships stay on it.
            </p>
          </div>
        </section>

        <section aria-labelledby="about-credits" className="card border border-base-300/70 bg-base-100 shadow-sm">
          <div className="card-body">
            <h2 id="about-credits" className="card-title">
              Catalog and credits
            </h2>
            <p>
              CineCircle ships with a curated catalog of well-known movies and TV shows, compiled for CineCircle from
              public data, so search, title pages and trending work without any outside service. Titles without artwork
              get a generated poster.
            </p>
            {tmdb && (
              <p className="rounded-box bg-base-200 p-4">
                This product uses the TMDB API but is not endorsed or certified by TMDB.{' '}
                <a className="link" href="https://www.themoviedb.org/" target="_blank" rel="noreferrer noopener">
                  The Movie Database (TMDB)
                </a>{' '}
                supplies titles, artwork and details when it powers this server’s catalog.
              </p>
            )}
          </div>
        </section>

        <p className="text-sm text-base-content/60">
          <Link to="/" className="link">
            Back to CineCircle
          </Link>
        </p>
      </div>
    </div>
  )
}
