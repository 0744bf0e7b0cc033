import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { SeasonList } from '../components/catalog/SeasonList'
import { CommunityRating } from '../components/catalog/CommunityRating'
import { TitleHero, TitleProblem, TitleSkeleton } from '../components/catalog/TitleView'
import { TitleActions } from '../components/diary/TitleActions'
import { ShowTracking } from '../components/tv/ShowTracking'
import { TitleLists } from '../components/lists/TitleLists'
import { parseCatalogId, seasonsLabel, yearOf } from '../lib/catalog'
import { tvShowQuery } from '../queries/catalog'

/**
 * TvPage (/tv/:id): poster, name, first-air year, seasons, genres, overview and the season
 * list (SPEC §2), with the member's actions, progress (episode checks, what is up next) and
 * episode ratings and reviews.
 */
export default function TvPage() {
  const id = parseCatalogId(useParams().id)
  const { data: show, isPending, error, refetch } = useQuery({ ...tvShowQuery(id ?? 0), enabled: id != null })
  if (id == null || error || isPending) {
    return (
      <div className="mx-auto max-w-4xl">
        {isPending && id != null && !error ? <TitleSkeleton /> : <TitleProblem kind="tv" error={error} onRetry={() => void refetch()} />}
      </div>
    )
  }
  const seasons = show.seasons ?? []
  return (
    <div className="mx-auto max-w-4xl">
      <TitleHero
        id={show.id}
        title={show.name}
        originalTitle={show.originalName}
        posterPath={show.posterPath}
        community={<CommunityRating kind="tv" id={show.id} />}
        facts={[
          yearOf(show.firstAirDate) ?? yearOf(show.year),
          seasonsLabel(show.numberOfSeasons || seasons.filter((s) => s.seasonNumber > 0).length),
          show.episodeRuntime ? `${show.episodeRuntime} min episodes` : null,
        ]}
        genres={show.genres ?? []}
        vote={show.voteAverage}
        overview={show.overview}
        actions={
          <>
            <TitleActions title={{ kind: 'tv', id: show.id, title: show.name, posterPath: show.posterPath, year: yearOf(show.firstAirDate) ?? yearOf(show.year) }} />
            <TitleLists title={{ kind: 'tv', id: show.id, title: show.name, posterPath: show.posterPath, year: yearOf(show.firstAirDate) ?? yearOf(show.year) }} />
          </>
        }
      />
      <ShowTracking show={{ id: show.id, name: show.name }} />
      <SeasonList tvId={show.id} showName={show.name} seasons={seasons} />
    </div>
  )
}
