import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  isSearchable,
  normalizeTrendingMovie,
  normalizeTrendingTv,
  type CatalogKind,
  type MovieDetails,
  type MovieResult,
  type RawTrendingMovie,
  type RawTrendingTv,
  type SearchPage,
  type SeasonDetails,
  type TitleOverview,
  type TrendingItem,
  type TvDetails,
  type TvResult,
} from '../lib/catalog'
import { httpStatus } from '../lib/api'
import { retryQueryUnless } from '../lib/queryClient'

/**
 * catalogKeys: generic → specific, each key being the path the default fetcher GETs
 * (SPEC §7 joins the parts with '/'; an object part is the query string):
 * ['/api/movies', 'search', { q: 'matrix' }] → /api/movies/search?q=matrix,
 * ['/api/tv-shows', 7, 'seasons', 1] → /api/tv-shows/7/seasons/1.
 * Ids are numbers, so a route's '603' and a search result's 603 share one cache entry.
 * A show's seasons sit under the show: invalidating the show refreshes them too.
 */
export const catalogKeys = {
  movies: ['/api/movies'] as const,
  movieSearch: (q: string) => [...catalogKeys.movies, 'search', { q: q.trim() }] as const,
  movie: (id: number) => [...catalogKeys.movies, id] as const,

  tvShows: ['/api/tv-shows'] as const,
  tvSearch: (q: string) => [...catalogKeys.tvShows, 'search', { q: q.trim() }] as const,
  tvShow: (id: number) => [...catalogKeys.tvShows, id] as const,
  tvSeason: (id: number, season: number) => [...catalogKeys.tvShow(id), 'seasons', season] as const,
  /** A movie or a show by kind: what sits under a title (ratings, friend ratings, episode reviews). */
  title: (kind: CatalogKind, id: number) => (kind === 'movie' ? catalogKeys.movie(id) : catalogKeys.tvShow(id)),

  trendingMovies: ['/api/trending-movies'] as const,
  trendingTv: ['/api/trending-tv-shows'] as const,

  details: (kind: CatalogKind, id: number) => ['/api/tmdb', kind, id, 'details'] as const,

  /** The add dialog's search, which SPEC §7 sends as ?query= (the header's is ?q=). */
  addSearch: (kind: CatalogKind, query: string) =>
    [...(kind === 'movie' ? catalogKeys.movies : catalogKeys.tvShows), 'search', { query: query.trim() }] as const,

  info: ['/api/catalog/info'] as const,

  /** How this instance's members rate a title, with the viewer's own entry. */
  communityRating: (kind: CatalogKind, id: number) => [...catalogKeys.title(kind, id), 'ratings'] as const,
}

/** CommunityRating is GET /api/{movies|tv-shows}/{id}/ratings. */
export interface CommunityRating {
  average: number
  count: number
  /** 'In N lists by friends': lists of members the viewer follows that hold the title. */
  friendsLists?: number
}

/** communityRatingQuery: the members' average rating of a title (0 when nobody rated). */
export const communityRatingQuery = (kind: CatalogKind, id: number) =>
  queryOptions<CommunityRating>({ queryKey: catalogKeys.communityRating(kind, id) })

/** SPEC §7, §9: the details overview is cached 15 minutes. */
export const DETAILS_STALE_TIME_MS = 15 * 60 * 1000

/**
 * movieSearchQuery: GET /api/movies/search?q= (SPEC §7). It runs only for 2 or more
 * characters; callers add their own conditions (the header: signed in) through enabled.
 * The previous answer stays on screen while the next one loads, so typing does not flash.
 */
export const movieSearchQuery = (q: string) =>
  queryOptions<SearchPage<MovieResult>>({
    queryKey: catalogKeys.movieSearch(q),
    enabled: isSearchable(q),
    placeholderData: keepPreviousData,
  })

/** tvSearchQuery: GET /api/tv-shows/search?q= (SPEC §7). */
export const tvSearchQuery = (q: string) =>
  queryOptions<SearchPage<TvResult>>({
    queryKey: catalogKeys.tvSearch(q),
    enabled: isSearchable(q),
    placeholderData: keepPreviousData,
  })

/**
 * addSearchQuery: GET /api/movies/search?query= or /api/tv-shows/search?query= for the add
 * dialog (SPEC §7), from 2 characters (SPEC §5), keeping the last answer while typing.
 */
export const addSearchQuery = (kind: CatalogKind, query: string) =>
  queryOptions<SearchPage<MovieResult | TvResult>>({
    queryKey: catalogKeys.addSearch(kind, query),
    enabled: isSearchable(query),
    // The previous answer only while the kind stays: movies must not stand in for shows.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === catalogKeys.addSearch(kind, query)[0] ? previous : undefined,
  })

/** movieQuery: GET /api/movies/{id}. A 404 is final (no retry): the page says not found. */
export const movieQuery = (id: number) =>
  queryOptions<MovieDetails>({
    queryKey: catalogKeys.movie(id),
    retry: retryUnlessMissing,
  })

/** tvShowQuery: GET /api/tv-shows/{id}. */
export const tvShowQuery = (id: number) =>
  queryOptions<TvDetails>({
    queryKey: catalogKeys.tvShow(id),
    retry: retryUnlessMissing,
  })

/** tvSeasonQuery: GET /api/tv-shows/{id}/seasons/{n}, fetched when a season is opened. */
export const tvSeasonQuery = (id: number, season: number) =>
  queryOptions<SeasonDetails>({
    queryKey: catalogKeys.tvSeason(id, season),
    retry: retryUnlessMissing,
  })

/** trendingMoviesQuery: GET /api/trending-movies, read into one spelling per field. */
export const trendingMoviesQuery = () =>
  queryOptions<RawTrendingMovie[] | null, Error, TrendingItem[]>({
    queryKey: catalogKeys.trendingMovies,
    select: selectTrendingMovies,
  })

/** trendingTvQuery: GET /api/trending-tv-shows. */
export const trendingTvQuery = () =>
  queryOptions<RawTrendingTv[] | null, Error, TrendingItem[]>({
    queryKey: catalogKeys.trendingTv,
    select: selectTrendingTv,
  })

/** detailsQuery: GET /api/tmdb/{movie|tv}/{id}/details, for its overview; cached 15 min (SPEC §7). */
export const detailsQuery = (kind: CatalogKind, id: number) =>
  queryOptions<TitleOverview>({
    queryKey: catalogKeys.details(kind, id),
    staleTime: DETAILS_STALE_TIME_MS,
  })

/** Which catalog answers: the curated one built into the binary, or TMDB when a key is set. */
export interface CatalogInfo {
  provider: 'embedded' | 'tmdb'
}

/** catalogInfoQuery: GET /api/catalog/info, for the About page's attribution. */
export const catalogInfoQuery = () =>
  queryOptions<CatalogInfo>({
    queryKey: catalogKeys.info,
    retry: false,
  })

// Module-level selectors keep a stable identity, so TanStack memoises the mapped lists.
function selectTrendingMovies(raw: RawTrendingMovie[] | null): TrendingItem[] {
  return (raw ?? []).map(normalizeTrendingMovie)
}

function selectTrendingTv(raw: RawTrendingTv[] | null): TrendingItem[] {
  return (raw ?? []).map(normalizeTrendingTv)
}

/** isNotFound tells a 404 answer apart from other failures. */
export function isNotFound(error: unknown): boolean {
  return httpStatus(error) === 404
}

// A missing title or a bad id will not appear on a retry; other failures follow SPEC §8.
const retryUnlessMissing = retryQueryUnless(400, 404)
