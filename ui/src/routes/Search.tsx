import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { SearchBox } from '../components/catalog/SearchBox'
import { SearchResults } from '../components/catalog/SearchResults'
import { EmptyState } from '../components/ui/EmptyState'
import { CompassIcon } from '../components/ui/icons'
import { PageHeader } from '../components/ui/PageHeader'
import { ParamTabs } from '../components/ui/ParamTabs'
import { isSearchable, parseTab, type MovieResult, type SearchTab, type TvResult } from '../lib/catalog'
import { movieSearchQuery, tvSearchQuery } from '../queries/catalog'

const labels: Record<SearchTab, string> = { movies: 'Movies', tv: 'TV Shows' }

const movieCard = (m: MovieResult) => ({
  id: m.id,
  title: m.title,
  posterPath: m.poster_path,
  date: m.release_date,
  vote: m.vote_average,
  overview: m.overview,
})

const tvCard = (s: TvResult) => ({
  id: s.id,
  title: s.name,
  posterPath: s.poster_path,
  date: s.first_air_date,
  vote: s.vote_average,
  overview: s.overview,
})

/** SearchPage (/search?q=&tab=movies|tv): Explore, SPEC §2. The URL holds the query and tab. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams()
  const q = (params.get('q') ?? '').trim()
  const tab = parseTab(params.get('tab'))
  const movies = useQuery(movieSearchQuery(q))
  const tv = useQuery(tvSearchQuery(q))

  const setQuery = (next: string) => {
    if (next === q) return
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev)
        if (next) out.set('q', next)
        else out.delete('q')
        out.set('tab', tab)
        return out
      },
      { replace: true },
    )
  }
  // Each tab tells how many titles matched, once its search has answered.
  const tabDefs = (['movies', 'tv'] as const).map((t) => {
    const data = t === 'movies' ? movies.data : tv.data
    const count = isSearchable(q) && data ? (data.total ?? data.results.length) : null
    return { value: t, label: count == null ? labels[t] : `${labels[t]} (${count})` }
  })

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Explore">Find movies and TV shows to log, rate and share.</PageHeader>
      <div className="mb-5">
        <SearchBox value={q} onCommit={setQuery} />
      </div>
      <ParamTabs tabs={tabDefs} label="Result type" />
      <div role="tabpanel" aria-label={tab === 'tv' ? 'TV Shows' : 'Movies'}>
        {!q ? (
          <EmptyState icon={<CompassIcon />} title="Search movies and TV shows">
            Type a title above to find something to watch, log or rate.
          </EmptyState>
        ) : tab === 'movies' ? (
          <SearchResults kind="movie" query={q} result={movies} toCard={movieCard} />
        ) : (
          <SearchResults kind="tv" query={q} result={tv} toCard={tvCard} />
        )}
      </div>
    </div>
  )
}
