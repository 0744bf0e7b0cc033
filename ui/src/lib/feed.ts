// The feed's pure rules (SPEC §2 home feed, §3 Activity, §4 like and feed paging): what an
// activity is, which card shows it, how it reads, how pages follow each other and how a
// cached feed changes when a post is liked, edited or deleted.
import type { InfiniteData } from '@tanstack/react-query'
import type { CatalogKind } from './catalog'
import { roundRating } from './rating'
import type { Ep, Spoiler } from './tv'
import type { User } from './users'

/** SPEC §4, §9: pages of 20; the next one loads within 1000 px of the bottom. */
export const FEED_PAGE_SIZE = 20
export const FEED_SCROLL_THRESHOLD_PX = 1000

/** SPEC §3 activity types. */
export const TITLE_ACTIVITY_TYPES = [
  'movie_review',
  'tv_review',
  'movie_watchlist',
  'movie_added',
  'tv_watchlist',
  'tv_added',
  'movie_currently_watching',
  'tv_currently_watching',
  'movie_watched',
  'tv_watched',
  'movie_dropped',
  'tv_dropped',
  'movie_rating',
  'tv_rating',
  'collaborative_movie',
  'collaborative_tv',
] as const

/** An activity's author as the feed sends it (email is '' unless it is you). */
export type ActivityUser = Pick<User, 'id' | 'firstName' | 'lastName' | 'nickname' | 'displayPreference' | 'profileImageUrl'> & {
  email?: string
}

/** A genre arrives as a name or as an object with a name (SPEC §3). */
export type Genre = string | { name?: string | null }

/** data of any activity: the fields of its type are present (SPEC §3). */
export interface ActivityData {
  // Movie and TV posts
  movieId?: number | null
  tvShowId?: number | null
  movieTitle?: string | null
  tvShowTitle?: string | null
  moviePoster?: string | null
  tvShowPoster?: string | null
  movieYear?: number | string | null
  tvShowYear?: number | string | null
  movieGenres?: Genre[] | null
  tvShowGenres?: Genre[] | null
  rating?: number | null
  review?: string | null
  status?: string | null
  watchedWith?: ActivityUser[] | null
  watchedAt?: string | null
  // Episode reviews
  tvShowName?: string | null
  tvShowPosterPath?: string | null
  seasonNumber?: number | null
  episodeNumber?: number | null
  episodeName?: string | null
  episodeReviewId?: string | null
  /** Set for a viewer the review would spoil (they track the show, not that far yet). */
  spoiler?: Spoiler | null
  // Episode watches (tv_episodes_watched): the burst's episodes, in order, and how many
  episodes?: Ep[] | null
  episodeCount?: number | null
  // Challenges
  challengeName?: string | null
  challengeDescription?: string | null
  /** Set on a review from the fediverse: its author, as the card shows them (#23). */
  remote?: RemoteAuthor | null
}

/** RemoteAuthor: who on another server wrote a review in the feed. */
export interface RemoteAuthor {
  name: string
  /** name@host */
  acct: string
  host: string
  /** Their profile on their server. */
  url: string
  /** The review on their server. */
  noteUrl: string
  /** Our proxy of their avatar (/ap/avatars/{id}), or '' (drawn from the name). */
  avatarUrl: string
}

/** SPEC §3 Activity. */
export interface Activity {
  id: string
  type: string
  userId: string
  user: ActivityUser | null
  createdAt: string
  isLiked: boolean
  likeCount: number
  commentCount: number
  /** How often the fediverse shared (boosted) the post; absent when never. */
  shareCount?: number
  /** Set only on a post a moderator hid, which only its author still sees. */
  hidden?: boolean
  data: ActivityData | null
}

/** What POST and DELETE /api/activities/{id}/like answer. */
export interface LikeState {
  isLiked: boolean
  likeCount: number
}

export const UNKNOWN_CONTENT = 'Unknown Content'

export type CardKind = 'title' | 'episode' | 'episodes' | 'challenge' | 'list' | 'unknown'

/** The type of a post about episodes a member watched (grouped per show and hour). */
export const EPISODES_WATCHED = 'tv_episodes_watched'

/**
 * cardKind: movie and TV types share one card; episode reviews, episode watches and
 * challenges have their own.
 */
export function cardKind(type: string): CardKind {
  if ((TITLE_ACTIVITY_TYPES as readonly string[]).includes(type)) return 'title'
  if (type === 'episode_review') return 'episode'
  if (type === EPISODES_WATCHED) return 'episodes'
  if (type === 'challenge_completed' || type === 'challenge_joined') return 'challenge'
  if (type === 'list_created' || type === 'list_updated') return 'list'
  return 'unknown'
}

/** What a movie or TV post is about, ready to show. */
export interface ActivityTitle {
  kind: CatalogKind | null
  id: number | null
  title: string
  poster: string | null
  year: string | null
  genres: string[]
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

const validId = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null

function yearText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? String(value) : null
  const match = /^\s*(\d{4})/.exec(text(value))
  return match?.[1] ?? null
}

/** genreNames reads genres given as names or as objects with a name. */
export function genreNames(genres: readonly Genre[] | null | undefined): string[] {
  const list: readonly Genre[] = Array.isArray(genres) ? (genres as readonly Genre[]) : []
  return list.map((g) => (typeof g === 'string' ? g.trim() : text(g?.name))).filter(Boolean)
}

/**
 * activityTitle reads a post's movie or show: the link goes by whether the data holds a
 * movieId or a tvShowId (SPEC §2); a missing title is 'Unknown Content'.
 */
export function activityTitle(activity: Pick<Activity, 'type' | 'data'>): ActivityTitle {
  const d = activity.data ?? {}
  const movieId = validId(d.movieId)
  const tvId = validId(d.tvShowId)
  const isTv = movieId == null && (tvId != null || activity.type.startsWith('tv_') || activity.type === 'collaborative_tv')
  if (!isTv) {
    return {
      kind: movieId != null ? 'movie' : null,
      id: movieId,
      title: text(d.movieTitle) || UNKNOWN_CONTENT,
      poster: text(d.moviePoster) || null,
      year: yearText(d.movieYear),
      genres: genreNames(d.movieGenres),
    }
  }
  return {
    kind: tvId != null ? 'tv' : null,
    id: tvId,
    title: text(d.tvShowTitle) || text(d.tvShowName) || UNKNOWN_CONTENT,
    poster: text(d.tvShowPoster) || text(d.tvShowPosterPath) || null,
    year: yearText(d.tvShowYear),
    genres: genreNames(d.tvShowGenres),
  }
}

/** actionLabel: the verb line of a card ('rated', 'reviewed', 'added to watchlist'). */
export function actionLabel(type: string): string {
  const verb = type.replace(/^(movie|tv)_/, '')
  switch (verb) {
    case 'review':
      return 'reviewed'
    case 'rating':
      return 'rated'
    case 'watched':
      return 'watched'
    case 'watchlist':
      return 'added to watchlist'
    case 'added':
      return 'added'
    case 'currently_watching':
      return 'is currently watching'
    case 'dropped':
      return 'dropped'
    case 'collaborative_movie':
    case 'collaborative_tv':
      return 'watched together'
    case 'episode_review':
      return 'reviewed an episode of'
    case 'challenge_completed':
      return 'completed a challenge'
    case 'challenge_joined':
      return 'joined a challenge'
    default:
      return 'shared'
  }
}

/** episodeCode: 'S1 E9', or '' when the numbers are missing. */
export function episodeCode(season: number | null | undefined, episode: number | null | undefined): string {
  if (typeof season !== 'number' || typeof episode !== 'number') return ''
  return `S${season} E${episode}`
}

/**
 * starFills: how full each of count stars is (0 to 1) for a 0–10 rating, so 7.3 on five
 * stars is [1, 1, 1, 0.65, 0] (SPEC §9: partial fill for decimal ratings).
 */
export function starFills(rating: number | null | undefined, count = 5): number[] {
  const value = (roundRating(rating) / 10) * count
  return Array.from({ length: count }, (_, i) => Math.round(Math.min(1, Math.max(0, value - i)) * 100) / 100)
}

/**
 * nextFeedPage: the page after the last one, or undefined when the last page held fewer
 * than 20 posts (the end of the feed, SPEC §4).
 */
export function nextFeedPage(lastPage: readonly unknown[] | null | undefined, pages: readonly unknown[]): number | undefined {
  return Array.isArray(lastPage) && lastPage.length >= FEED_PAGE_SIZE ? pages.length + 1 : undefined
}

/** What nearBottom needs of the scrolling page. */
export interface ScrollBox {
  scrollTop: number
  viewportHeight: number
  scrollHeight: number
}

/** nearBottom: the view's bottom edge is within threshold px of the page's end (SPEC §4). */
export function nearBottom(box: ScrollBox, threshold = FEED_SCROLL_THRESHOLD_PX): boolean {
  return box.scrollHeight - (box.scrollTop + box.viewportHeight) <= threshold
}

/** anchorId: the element id a post is addressable by (SPEC §2: activity-{id}). */
export function anchorId(activityId: string): string {
  return `activity-${activityId}`
}

/** activityIdFromHash reads '#activity-{id}' (notifications link there), else null. */
export function activityIdFromHash(hash: string | null | undefined): string | null {
  const match = /^#activity-([A-Za-z0-9_-]+)$/.exec(hash ?? '')
  return match?.[1] ?? null
}

/** likePatch: what liking (liked=true) or unliking does to a post, the count moving by one. */
export function likePatch(activity: LikeState, liked: boolean): LikeState {
  if (activity.isLiked === liked) return { isLiked: activity.isLiked, likeCount: activity.likeCount }
  return { isLiked: liked, likeCount: Math.max(0, activity.likeCount + (liked ? 1 : -1)) }
}

/** Anything the query cache holds with activities in it: the feed pages, a list, one post. */
export type ActivityCache = InfiniteData<Activity[], unknown> | Activity[] | Activity | null | undefined

const isInfinite = (data: ActivityCache): data is InfiniteData<Activity[], unknown> =>
  !!data && !Array.isArray(data) && Array.isArray((data as InfiniteData<Activity[], unknown>).pages)

/**
 * updateActivity changes one post wherever it sits in a cached value, keeping every other
 * object as it was (so untouched cards do not re-render). Unknown shapes pass through.
 */
export function updateActivity<T extends ActivityCache>(data: T, id: string, change: (a: Activity) => Activity): T {
  return mapCache(data, (list) => (list.some((a) => a.id === id) ? list.map((a) => (a.id === id ? change(a) : a)) : list), (one) =>
    one.id === id ? change(one) : one,
  ) as T
}

/** removeActivity takes a post out of cached lists and feed pages (a single post is left). */
export function removeActivity<T extends ActivityCache>(data: T, id: string): T {
  return mapCache(data, (list) => (list.some((a) => a.id === id) ? list.filter((a) => a.id !== id) : list), (one) => one) as T
}

function mapCache(data: ActivityCache, onList: (list: Activity[]) => Activity[], onOne: (one: Activity) => Activity): ActivityCache {
  if (!data) return data
  if (isInfinite(data)) {
    let changed = false
    const pages = data.pages.map((page) => {
      const next = Array.isArray(page) ? onList(page) : page
      if (next !== page) changed = true
      return next
    })
    return changed ? { ...data, pages } : data
  }
  if (Array.isArray(data)) return onList(data)
  return onOne(data)
}

/** flattenPages: the feed's pages as one list, each post once (a post can shift pages). */
export function flattenPages(pages: readonly (readonly Activity[])[] | undefined): Activity[] {
  const seen = new Set<string>()
  const out: Activity[] = []
  for (const page of pages ?? []) {
    for (const a of page) {
      if (seen.has(a.id)) continue
      seen.add(a.id)
      out.push(a)
    }
  }
  return out
}

/** mutualLabel: '2 mutual friends' for a suggested member, or a welcome when there are none. */
export function mutualLabel(count: number | null | undefined): string {
  if (typeof count !== 'number' || !(count > 0)) return 'New to CineCircle'
  return count === 1 ? '1 mutual friend' : `${count} mutual friends`
}
