import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { Spinner } from '../components/ui/Spinner'
import { YearShareDialog } from '../components/year/YearShareDialog'
import { YearView } from '../components/year/YearView'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { parseYear } from '../lib/year'
import { yearQuery } from '../queries/year'

/** Year (/year/:yyyy): the signed-in member's Year in Review, any past year or this one so far. */
export default function Year() {
  const { yyyy } = useParams()
  const year = parseYear(yyyy)
  useDocumentTitle(year ? `Your ${year} in Review` : 'Year in Review')
  if (year == null) {
    return (
      <div className="py-12 text-center">
        <h1 className="text-2xl font-bold">No such year</h1>
        <p className="mt-2 text-base-content/70">Year in Review covers any past year and this one so far.</p>
        <Link className="btn btn-primary mt-4" to={`/year/${new Date().getUTCFullYear()}`}>
          See this year
        </Link>
      </div>
    )
  }
  return <YearPage key={year} year={year} />
}

function YearPage({ year }: { year: number }) {
  const query = useQuery(yearQuery('me', year))
  const [sharing, setSharing] = useState(false)
  const thisYear = new Date().getUTCFullYear()
  return (
    <div className="mx-auto grid max-w-4xl gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-sm font-semibold tracking-widest text-secondary uppercase">Year in Review</p>
          <h1 className="text-3xl font-black">Your {year}</h1>
        </div>
        <nav className="join" aria-label="Other years">
          <Link className="btn join-item btn-sm" to={`/year/${year - 1}`} aria-label={`${year - 1} in review`}>
            ‹ {year - 1}
          </Link>
          {year < thisYear && (
            <Link className="btn join-item btn-sm" to={`/year/${year + 1}`} aria-label={`${year + 1} in review`}>
              {year + 1} ›
            </Link>
          )}
        </nav>
        {query.data && (
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setSharing(true)}>
            Share as Image
          </button>
        )}
      </header>
      {query.isPending && (
        <div className="grid min-h-[40vh] place-items-center">
          <Spinner label="Loading your year" className="loading-lg" />
        </div>
      )}
      {query.isError && (
        <div role="alert" className="alert alert-error">
          <span>Your year could not be loaded. Check your connection and try again.</span>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      {query.data && <YearView review={query.data} />}
      {sharing && query.data && <YearShareDialog review={query.data} onClose={() => setSharing(false)} />}
    </div>
  )
}
