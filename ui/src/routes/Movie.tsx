import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { CommunityRating } from '../components/catalog/CommunityRating'
import { TitleHero, TitleProblem, TitleSkeleton } from '../components/catalog/TitleView'
import { TitleActions } from '../components/diary/TitleActions'
import { TitleLists } from '../components/lists/TitleLists'
import { parseCatalogId, runtimeLabel, yearOf } from '../lib/catalog'
import { movieQuery } from '../queries/catalog'

/**
 * MoviePage (/movie/:id): poster, title, year, runtime, genres, vote and overview (SPEC §2),
 * with the member's actions: log it, add it to the watchlist, rate it.
 */
export default function MoviePage() {
  const id = parseCatalogId(useParams().id)
  const { data: movie, isPending, error, refetch } = useQuery({ ...movieQuery(id ?? 0), enabled: id != null })
  return (
    <div className="mx-auto max-w-4xl">
      {id == null || error ? (
        <TitleProblem kind="movie" error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <TitleSkeleton />
      ) : (
        <TitleHero
          id={movie.id}
          title={movie.title}
          originalTitle={movie.originalTitle}
          posterPath={movie.posterPath}
          community={<CommunityRating kind="movie" id={movie.id} />}
          facts={[yearOf(movie.releaseDate) ?? yearOf(movie.year), movie.runtime ? runtimeLabel(movie.runtime) : null]}
          genres={movie.genres ?? []}
          vote={movie.voteAverage}
          overview={movie.overview}
          actions={
            <>
              <TitleActions title={{ kind: 'movie', id: movie.id, title: movie.title, posterPath: movie.posterPath, year: yearOf(movie.releaseDate) ?? yearOf(movie.year) }} />
              <TitleLists title={{ kind: 'movie', id: movie.id, title: movie.title, posterPath: movie.posterPath, year: yearOf(movie.releaseDate) ?? yearOf(movie.year) }} />
            </>
          }
        />
      )}
    </div>
  )
}
