// The diary as the UI reads it: watch entries, diary watches, profiles, stats and episode
// reviews (shapes of the server's answers), plus the small rules that turn them into
// cards: which title an entry is about, month headings, dates and hour counts.
import { yearOf, type CatalogKind } from './catalog'
import type { WatchStatus } from './rating'
import type { User } from './users'

/** The title data an entry or a diary watch carries: enough for a card. */
export interface EntryTitle {
  id: number
  title?: string
  name?: string
  posterPath: string | null
  releaseDate?: string
  firstAirDate?: string
  year?: number | null
  runtime?: number
  numberOfSeasons?: number
  genres?: string[] | null
  overview?: string | null
}

/** A member's current status for one title (GET/POST /api/user/movies, /api/user/tv-shows). */
export interface WatchEntry {
  id: string
  movieId?: number
  tvShowId?: number
  status: WatchStatus
  rating: number
  review: string
  /** ISO date-time, or '' when the status carries no date. */
  watchedAt: string
  watchedWith: User[] | null
  createdAt: string
  updatedAt: string
  movie?: EntryTitle
  tvShow?: EntryTitle
  activityId?: string
}

/** One dated watch on a profile's diary (GET /api/users/{id}/diary?page=N). */
export interface DiaryItem {
  id: string
  watchedAt: string
  rating: number
  review: string
  rewatch: boolean
  kind: CatalogKind
  title: EntryTitle
}

/** SPEC §3 Stats (GET /api/user/stats). */
export interface Stats {
  moviesWatchedThisMonth: number
  /** Episode watches this month (rewatches included). */
  episodesWatchedThisMonth?: number
  reviewsThisMonth: number
  hoursWatchedThisMonth: number
}

/** GET /api/users/{id}/profile. */
export interface Profile {
  user: User
  /** The member's own words (settings), shown under their name. */
  bio: string
  website: string
  isMe: boolean
  isFollowing: boolean
  followerCount: number
  followingCount: number
  totals: { movies: number; shows: number; episodes: number; reviews: number; hours: number }
  /** [i] = ratings that round to i + 1 (1–10). */
  ratingsHistogram: number[]
  topGenres: { name: string; count: number }[]
  /** This year's titles per month, January first. */
  titlesPerMonth: number[]
  /** TV from episode watches: this year's episodes per month, the shows with most episodes, hours. */
  tv?: {
    episodesPerMonth: number[]
    topShows: { id: number; name: string; posterPath: string | null; episodes: number }[]
    hours: number
  }
}

/** An episode review (GET/POST /api/tv-shows/{id}/episode-reviews). */
export interface EpisodeReview {
  id: string
  tvShowId: number
  seasonNumber: number
  episodeNumber: number
  episodeName: string
  rating: number
  review: string
  user: User | null
  createdAt: string
}

/** SPEC: the diary answers 50 watches a page. */
export const DIARY_PAGE_SIZE = 50

/** nextDiaryPage: the page after these, or undefined once a page came back short. */
export function nextDiaryPage(lastPage: readonly unknown[] | null | undefined, pages: readonly unknown[]): number | undefined {
  return (lastPage?.length ?? 0) >= DIARY_PAGE_SIZE ? pages.length + 1 : undefined
}

/** A title as the add dialog and the cards pick it: kind, id, name, poster and year. */
export interface PickedTitle {
  kind: CatalogKind
  id: number
  title: string
  posterPath: string | null
  year: string | null
}

/** titleName: a movie's title or a show's name. */
export function titleName(title: EntryTitle | null | undefined): string {
  return (title?.title || title?.name || '').trim() || 'Unknown Content'
}

/** entryKind: an entry is about a show when it carries tvShowId, else a movie. */
export function entryKind(entry: Pick<WatchEntry, 'tvShowId' | 'tvShow'>): CatalogKind {
  return entry.tvShowId != null || entry.tvShow != null ? 'tv' : 'movie'
}

/** entryTitle: the title an entry is about, as a picked title (for cards and the dialog). */
export function entryTitle(entry: WatchEntry): PickedTitle {
  const kind = entryKind(entry)
  const title = kind === 'tv' ? entry.tvShow : entry.movie
  return {
    kind,
    id: (kind === 'tv' ? entry.tvShowId : entry.movieId) ?? title?.id ?? 0,
    title: titleName(title),
    posterPath: title?.posterPath || null,
    year: yearOf(title?.year ?? null) ?? yearOf(title?.releaseDate ?? title?.firstAirDate ?? null),
  }
}

/** diaryTitle: the title of a diary watch, as a picked title. */
export function diaryTitle(item: DiaryItem): PickedTitle {
  return {
    kind: item.kind,
    id: item.title.id,
    title: titleName(item.title),
    posterPath: item.title.posterPath || null,
    year: yearOf(item.title.year ?? null) ?? yearOf(item.title.releaseDate ?? item.title.firstAirDate ?? null),
  }
}

/** sortByUpdated: newest change first (the watchlist mixes movies and shows). */
export function sortByUpdated<T extends Pick<WatchEntry, 'updatedAt'>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0))
}

/** findEntry: the member's entry for one title among their entries of that kind. */
export function findEntry(entries: readonly WatchEntry[] | null | undefined, kind: CatalogKind, id: number): WatchEntry | undefined {
  return entries?.find((e) => (kind === 'movie' ? e.movieId : e.tvShowId) === id)
}

// Diary dates are calendar days: a picked date is stored as midnight UTC, so they are read
// in UTC too (in local time a member west of Greenwich would see the day before).
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const fullDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

function parseDate(iso: string | null | undefined): Date | null {
  if (!iso) return null
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** monthLabel: 'November 2026' for a diary date. */
export function monthLabel(iso: string): string {
  const date = parseDate(iso)
  return date ? monthFormat.format(date) : 'Undated'
}

/** dayLabel: 'Nov 22' (the month heading gives the year). */
export function dayLabel(iso: string): string {
  const date = parseDate(iso)
  return date ? dayFormat.format(date) : ''
}

/** fullDayLabel: 'Nov 22, 2026'. */
export function fullDayLabel(iso: string): string {
  const date = parseDate(iso)
  return date ? fullDayFormat.format(date) : ''
}

/** dateInputValue: the 'YYYY-MM-DD' of a stored date, for a date input. */
export function dateInputValue(iso: string | null | undefined): string {
  const date = parseDate(iso)
  return date ? date.toISOString().slice(0, 10) : ''
}

export interface MonthGroup<T> {
  /** 'YYYY-MM', or '' for undated watches. */
  key: string
  label: string
  items: T[]
}

/**
 * groupByMonth splits diary watches (newest first) into month groups, keeping the order:
 * 'November 2026' then 'October 2026'. A month met again later (out-of-order input)
 * joins its first group.
 */
export function groupByMonth<T extends { watchedAt: string }>(items: readonly T[]): MonthGroup<T>[] {
  const groups: MonthGroup<T>[] = []
  const byKey = new Map<string, MonthGroup<T>>()
  for (const item of items) {
    const date = parseDate(item.watchedAt)
    const key = date ? date.toISOString().slice(0, 7) : ''
    let group = byKey.get(key)
    if (!group) {
      group = { key, label: date ? monthFormat.format(date) : 'Undated', items: [] }
      byKey.set(key, group)
      groups.push(group)
    }
    group.items.push(item)
  }
  return groups
}

/** hoursLabel: hours to at most one decimal ('2.3', '12', '0'). */
export function hoursLabel(hours: number | null | undefined): string {
  if (typeof hours !== 'number' || !Number.isFinite(hours) || hours <= 0) return '0'
  const rounded = Math.round(hours * 10) / 10
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1)
}

/** excerpt: the first max characters of a review, cut at a word, with an ellipsis. */
export function excerpt(text: string, max = 160): string {
  const clean = text.trim().replace(/\s+/g, ' ')
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`
}

/** Month names for the per-month chart, January first. */
export const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** barPercent: a bar's length as a percentage of the largest value (0 when all are 0). */
export function barPercent(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return 0
  return Math.min(100, Math.round((value / max) * 1000) / 10)
}

/** plural: '1 rating', '3 ratings'. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}
