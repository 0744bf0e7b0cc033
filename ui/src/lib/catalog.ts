// The catalog as the UI shows it: result and title shapes (SPEC §3), poster
// addresses, display labels, the header dropdown rule and the search rules (SPEC §5, §9).

/** Poster widths the image route serves (SPEC §7; /img answers 400 for any other). */
export type PosterSize = 'w92' | 'w154' | 'w185' | 'w500'

export const POSTER_WIDTH: Record<PosterSize, number> = { w92: 92, w154: 154, w185: 185, w500: 500 }

export type CatalogKind = 'movie' | 'tv'
export type SearchTab = 'movies' | 'tv'

/** SPEC §3 Movie search result. */
export interface MovieResult {
  id: number
  title: string
  poster_path: string | null
  release_date: string | null
  vote_average: number | null
  overview: string | null
}

/** SPEC §3 TV search result. */
export interface TvResult {
  id: number
  name: string
  poster_path: string | null
  first_air_date: string | null
  vote_average: number | null
  overview: string | null
}

/** A search answer: one page of results and how many titles matched in all. */
export interface SearchPage<T> {
  results: T[]
  total?: number
}

/** GET /api/movies/{id}. */
export interface MovieDetails {
  id: number
  title: string
  originalTitle?: string | null
  overview: string | null
  posterPath: string | null
  releaseDate: string | null
  year?: number | null
  runtime: number | null
  genres: string[] | null
  voteAverage: number | null
  source?: string
}

export interface SeasonSummary {
  seasonNumber: number
  episodeCount: number | null
  name?: string | null
}

/** GET /api/tv-shows/{id}. */
export interface TvDetails {
  id: number
  name: string
  originalName?: string | null
  overview: string | null
  posterPath: string | null
  firstAirDate: string | null
  year?: number | null
  numberOfSeasons: number | null
  episodeRuntime?: number | null
  seasons: SeasonSummary[] | null
  genres: string[] | null
  voteAverage: number | null
  source?: string
}

export interface Episode {
  episodeNumber: number
  name: string | null
  runtime: number | null
  airDate: string | null
  overview: string | null
}

/** GET /api/tv-shows/{id}/seasons/{n}. */
export interface SeasonDetails {
  seasonNumber: number
  name: string | null
  episodes: Episode[] | null
}

/** GET /api/tmdb/{movie|tv}/{id}/details: the overview is what the UI reads. */
export interface TitleOverview {
  id: number
  overview: string | null
}

/** SPEC §3 trending items as they arrive: either spelling of each field may be present. */
export interface RawTrendingMovie {
  id: number
  title?: string | null
  posterPath?: string | null
  poster_path?: string | null
  voteAverage?: number | null
  vote_average?: number | null
  releaseDate?: string | null
  release_date?: string | null
  runtime?: number | null
}

export interface RawTrendingTv {
  id: number
  name?: string | null
  posterPath?: string | null
  poster_path?: string | null
  voteAverage?: number | null
  vote_average?: number | null
  firstAirDate?: string | null
  first_air_date?: string | null
  numberOfSeasons?: number | null
}

/** A trending title, one spelling per field, ready to show. */
export interface TrendingItem {
  kind: CatalogKind
  id: number
  title: string
  posterPath: string | null
  voteAverage: number | null
  date: string | null
  /** Runtime in minutes for a movie, number of seasons for a show. */
  length: number | null
}

/** SPEC §9: trending lists show 6 items. */
export const TRENDING_LIMIT = 6

export function normalizeTrendingMovie(raw: RawTrendingMovie): TrendingItem {
  return {
    kind: 'movie',
    id: raw.id,
    title: raw.title ?? '',
    posterPath: raw.posterPath || raw.poster_path || null,
    voteAverage: raw.voteAverage ?? raw.vote_average ?? null,
    date: raw.releaseDate || raw.release_date || null,
    length: raw.runtime ?? null,
  }
}

export function normalizeTrendingTv(raw: RawTrendingTv): TrendingItem {
  return {
    kind: 'tv',
    id: raw.id,
    title: raw.name ?? '',
    posterPath: raw.posterPath || raw.poster_path || null,
    voteAverage: raw.voteAverage ?? raw.vote_average ?? null,
    date: raw.firstAirDate || raw.first_air_date || null,
    length: raw.numberOfSeasons ?? null,
  }
}

/**
 * posterUrl is the same-origin address of a poster (/img/{size}{path}), or null when the
 * title has none. Posters always load through our own image route (DESIGN: members'
 * browsers never contact the image host), so an absolute URL to another host is refused
 * and the title gets its generated poster instead.
 */
export function posterUrl(path: string | null | undefined, size: PosterSize): string | null {
  const clean = (path ?? '').trim()
  if (!clean) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(clean) || clean.startsWith('//')) return null
  if (clean.startsWith('/img/')) return clean
  return `/img/${size}${clean.startsWith('/') ? '' : '/'}${clean}`
}

/** titlePath is the page of a movie (/movie/{id}) or show (/tv/{id}). */
export function titlePath(kind: CatalogKind, id: number | string): string {
  return kind === 'movie' ? `/movie/${id}` : `/tv/${id}`
}

const isCount = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0

/** runtimeLabel: SPEC §2 runtime in minutes, 'Runtime unavailable' if missing. */
export function runtimeLabel(minutes: number | null | undefined): string {
  return isCount(minutes) ? `${Math.round(minutes)} min` : 'Runtime unavailable'
}

/** seasonsLabel: SPEC §2 season count, singular 'Season' for 1, 'Season info unavailable' if missing. */
export function seasonsLabel(count: number | null | undefined): string {
  if (!isCount(count)) return 'Season info unavailable'
  const n = Math.round(count)
  return n === 1 ? '1 Season' : `${n} Seasons`
}

/** episodesLabel: '1 episode', '13 episodes', or null when the count is unknown. */
export function episodesLabel(count: number | null | undefined): string | null {
  if (!isCount(count)) return null
  return count === 1 ? '1 episode' : `${count} episodes`
}

/** yearOf reads the year of an ISO date ('1999-03-31' → '1999') or a year number, else null. */
export function yearOf(date: string | number | null | undefined): string | null {
  if (typeof date === 'number') return Number.isInteger(date) && date > 0 ? String(date) : null
  const match = /^\s*(\d{4})/.exec(date ?? '')
  return match?.[1] ?? null
}

/**
 * voteLabel shows a vote average to one decimal ('8.7'), or null when there is no vote
 * (the provider reports 0 for a title nobody rated, so 0 is 'no vote', not a score).
 */
export function voteLabel(vote: number | null | undefined): string | null {
  if (typeof vote !== 'number' || !Number.isFinite(vote) || vote <= 0) return null
  return (Math.round(Math.min(vote, 10) * 10) / 10).toFixed(1)
}

/** The look of a generated poster: a gradient whose colours come from the title's id. */
export interface GeneratedPoster {
  /** CSS background for the poster. */
  background: string
  /** The two gradient colours, top and bottom. */
  from: string
  to: string
  /** The first hue, 0–359 (the accent stripe). */
  hue: number
  title: string
}

function hashId(id: string | number): number {
  // FNV-1a over the id's text, then MurmurHash3's finaliser: consecutive ids (which
  // differ only in the last digit) land far apart on the colour wheel.
  let hash = 0x811c9dc5
  for (const ch of String(id)) {
    hash ^= ch.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193)
  }
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

/**
 * generatedPoster is the stand-in for a title without a poster: a deep two-colour gradient
 * seeded by the id, so the same title always looks the same and neighbours differ. The
 * colours stay dark enough for white type on both themes.
 */
export function generatedPoster(id: string | number, title: string | null | undefined): GeneratedPoster {
  const hash = hashId(id)
  // Skip the olive band (50–109): at poster darkness it reads as muddy.
  const base = hash % 300
  const hue = base < 50 ? base : base + 60
  const shift = 35 + ((hash >>> 9) % 70)
  const hue2 = (hue + shift) % 360
  const sat = 45 + ((hash >>> 17) % 25)
  const from = `hsl(${hue} ${sat}% 34%)`
  const to = `hsl(${hue2} ${sat + 5}% 14%)`
  return {
    background: `linear-gradient(160deg, ${from} 0%, ${to} 100%)`,
    from,
    to,
    hue,
    title: (title ?? '').trim() || 'Untitled',
  }
}

/** SPEC §5: searches need 2 characters after trimming and wait 300 ms. */
export const MIN_SEARCH_LENGTH = 2
export const SEARCH_DEBOUNCE_MS = 300

export function isSearchable(query: string | null | undefined): boolean {
  return (query ?? '').trim().length >= MIN_SEARCH_LENGTH
}

/** shouldSearch: the header's rule: 2 characters after trimming, and a signed-in member. */
export function shouldSearch(query: string | null | undefined, signedIn: boolean): boolean {
  return signedIn && isSearchable(query)
}

/** parseTab reads /search's tab param: 'tv' or the default 'movies'. */
export function parseTab(tab: string | null | undefined): SearchTab {
  return tab === 'tv' ? 'tv' : 'movies'
}

/** searchPath is the Explore page for a query and tab (/search?q=...&tab=...). */
export function searchPath(query: string, tab: SearchTab = 'movies'): string {
  const params = new URLSearchParams()
  const q = query.trim()
  if (q) params.set('q', q)
  params.set('tab', tab)
  return `/search?${params.toString()}`
}

/** parseCatalogId reads a route's :id: a positive whole number, else null (a not-found page). */
export function parseCatalogId(param: string | undefined): number | null {
  if (!param || !/^\d{1,16}$/.test(param)) return null
  const id = Number(param)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** SPEC §9 header dropdown: 3 movies and 3 TV. */
export const DROPDOWN_PER_TYPE = 3

export interface HeaderDropdown<M, T> {
  movies: M[]
  tv: T[]
  movieTotal: number
  tvTotal: number
  /** 'View All' under movies: more than 3 movies matched. */
  moreMovies: boolean
  /** 'View All' under TV: more than 3 shows matched. */
  moreTv: boolean
  total: number
  /** 'View all N results': the total exceeds 6. */
  showAll: boolean
}

const totalOf = <T>(page: SearchPage<T> | null | undefined) => Math.max(page?.total ?? 0, page?.results.length ?? 0)

/**
 * headerDropdown applies SPEC §9 to the two search answers: the first 3 of each type,
 * 'View All' for a type with more than 3 matches, 'View all N results' past 6 in all.
 */
export function headerDropdown<M, T>(
  movies: SearchPage<M> | null | undefined,
  tv: SearchPage<T> | null | undefined,
): HeaderDropdown<M, T> {
  const movieTotal = totalOf(movies)
  const tvTotal = totalOf(tv)
  const total = movieTotal + tvTotal
  return {
    movies: (movies?.results ?? []).slice(0, DROPDOWN_PER_TYPE),
    tv: (tv?.results ?? []).slice(0, DROPDOWN_PER_TYPE),
    movieTotal,
    tvTotal,
    moreMovies: movieTotal > DROPDOWN_PER_TYPE,
    moreTv: tvTotal > DROPDOWN_PER_TYPE,
    total,
    showAll: total > DROPDOWN_PER_TYPE * 2,
  }
}

/** viewAllLabel: the dropdown's footer link text. */
export function viewAllLabel(total: number): string {
  return `View all ${total} results`
}

/**
 * moveActive steps the highlighted dropdown entry for the arrow keys: down from nothing
 * lands on the first entry, up from nothing on the last; both wrap around.
 */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1
  return (current + step + count) % count
}
