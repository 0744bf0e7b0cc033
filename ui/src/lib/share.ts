// Sharing (SPEC §2 share menu, §9 share card and invite link): the text and hashtags a
// post is shared with, the links the share targets open, the popup's size, the image's
// file name, the capture's time limits, and the invite link with its ref.
import { activityTitle, anchorId, type Activity } from './feed'
import { excerpt } from './diary'
import { itemsLabel, listPostData } from './lists'
import { formatRating, hasRating } from './rating'
import { displayName } from './users'

/** SPEC §2: share popups open at 600×400. */
export const POPUP_WIDTH = 600
export const POPUP_HEIGHT = 400

/** SPEC §9 share card: 400 px wide, captured at scale 2, with these time limits. */
export const SHARE_CARD_WIDTH = 400
export const CAPTURE_SCALE = 2
export const CAPTURE_TIMEOUT_MS = 15_000
export const RESOURCE_TIMEOUT_MS = 10_000
export const IMAGE_WAIT_MS = 5_000
export const IMAGE_SETTLE_MS = 2_000
export const SHARE_TAGLINE = 'Ultimate Movie Diary'

/**
 * shareCardStyle: a share card's frame: 400 px (fluid: as wide as the preview allows,
 * at most 400 px), its background, and a system font so the image needs no web font.
 */
export function shareCardStyle(fluid: boolean, background: string): { width: number | string; maxWidth: number; background: string; fontFamily: string } {
  return {
    width: fluid ? '100%' : SHARE_CARD_WIDTH,
    maxWidth: SHARE_CARD_WIDTH,
    background,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  }
}

/** SPEC §9: the invite link's 'Copied!' confirmation shows for 2 s. */
export const INVITE_COPIED_MS = 2_000

const SITE_NAME = 'CineCircle'

/** activityLink: the post's address on this site (origin + '/#activity-{id}'). */
export function activityLink(origin: string, activityId: string): string {
  return `${origin.replace(/\/+$/, '')}/#${anchorId(activityId)}`
}

/** PUBLIC_REVIEW_TYPES: the posts a public member's review page shows (hooks/public reviewTypes). */
const PUBLIC_REVIEW_TYPES = new Set(['movie_review', 'tv_review', 'collaborative_movie', 'collaborative_tv', 'movie_rating', 'tv_rating'])

/**
 * shareLink: the address a post is shared under. A post about a list shares the list
 * (/list/{id}); a public member's own review or rating gets its public page
 * (/u/{handle}/review/{id}), which visitors can open and which unfurls into a preview
 * card; anything else links into the app (activityLink).
 */
export function shareLink(
  origin: string,
  activity: { id: string; type: string; userId: string; data?: Activity['data'] },
  me: { id: string; public: boolean; handle: string } | null | undefined,
): string {
  const list = listPostData({ type: activity.type, data: activity.data ?? null })
  if (list?.listId) return `${origin.replace(/\/+$/, '')}/list/${encodeURIComponent(list.listId)}`
  if (me?.public && me.handle && activity.userId === me.id && PUBLIC_REVIEW_TYPES.has(activity.type)) {
    return `${origin.replace(/\/+$/, '')}/u/${encodeURIComponent(me.handle)}/review/${encodeURIComponent(activity.id)}`
  }
  return activityLink(origin, activity.id)
}

/**
 * shareText: one line saying what the member did, with the rating as X.X/10.0 and a short
 * quote of the review: 'Maya rated The Matrix (1999) 8.5/10.0: "Red pill, every time."';
 * for a list, the list: '"Silent greats", a ranked list of 3 titles by Maya on CineCircle'.
 */
export function shareText(activity: Pick<Activity, 'type' | 'data' | 'user'>): string {
  const d = activity.data ?? {}
  const name = displayName(activity.user)
  const list = listPostData(activity)
  if (list) {
    return `"${list.listName}", ${list.ranked ? 'a ranked list' : 'a list'} of ${itemsLabel(list.itemCount ?? 0)} by ${name} on ${SITE_NAME}`
  }
  if (activity.type === 'episode_review') {
    const show = (d.tvShowName ?? '').trim() || 'a show'
    const code = typeof d.seasonNumber === 'number' && typeof d.episodeNumber === 'number' ? ` S${d.seasonNumber} E${d.episodeNumber}` : ''
    return withReview(`${name} reviewed ${show}${code}${ratingPart(d.rating)}`, d.review, `on ${SITE_NAME}`)
  }
  if (activity.type.startsWith('challenge_')) {
    const challenge = (d.challengeName ?? '').trim() || 'a challenge'
    const verb = activity.type === 'challenge_completed' ? 'completed' : 'joined'
    return `${name} ${verb} the ${challenge} challenge on ${SITE_NAME}`
  }
  const title = activityTitle(activity)
  const named = title.year ? `${title.title} (${title.year})` : title.title
  const verb = hasRating(d.rating) ? 'rated' : verbOf(activity.type)
  return withReview(`${name} ${verb} ${named}${ratingPart(d.rating)}`, d.review, `on ${SITE_NAME}`)
}

function verbOf(type: string): string {
  if (type.endsWith('_watchlist')) return 'added to their watchlist'
  if (type.endsWith('_currently_watching')) return 'is watching'
  if (type.endsWith('_dropped')) return 'dropped'
  if (type.endsWith('_review')) return 'reviewed'
  return 'watched'
}

const ratingPart = (rating: number | null | undefined) => (hasRating(rating) ? ` ${formatRating(rating)}` : '')

function withReview(line: string, review: string | null | undefined, tail: string): string {
  const quote = excerpt(review ?? '', 140)
  return quote ? `${line} ${tail}: "${quote}"` : `${line} ${tail}`
}

/** hashtag turns a title into one tag: 'The Matrix: Reloaded' → 'TheMatrixReloaded'. */
export function hashtag(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')
}

/** shareHashtags: the site, the title (or list's name) and the kind of post, for Twitter (no '#'). */
export function shareHashtags(activity: Pick<Activity, 'type' | 'data'>): string[] {
  const tags = [SITE_NAME]
  const isEpisode = activity.type === 'episode_review'
  const list = listPostData(activity)
  const title = list ? list.listName : isEpisode ? (activity.data?.tvShowName ?? '') : activityTitle(activity).title
  const tag = title && title !== 'Unknown Content' ? hashtag(title) : ''
  if (tag && !/^\d+$/.test(tag)) tags.push(tag)
  if (list) tags.push('MovieList')
  else if (activity.type.startsWith('challenge_')) tags.push('MovieChallenge')
  else if (isEpisode || activity.type.startsWith('tv_') || activity.type === 'collaborative_tv') tags.push('TVShows')
  else tags.push('Movies')
  return [...new Set(tags)]
}

/** facebookShareUrl: Facebook's sharer for a link. */
export function facebookShareUrl(link: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`
}

/** twitterShareUrl: a tweet with the text, the link and the hashtags (comma-separated, SPEC §2). */
export function twitterShareUrl(text: string, link: string, hashtags: readonly string[]): string {
  const q = new URLSearchParams({ text, url: link })
  if (hashtags.length) q.set('hashtags', hashtags.join(','))
  return `https://twitter.com/intent/tweet?${q.toString()}`
}

/** The sites Instagram and TikTok shares open after the text is copied (SPEC §2). */
export const INSTAGRAM_URL = 'https://www.instagram.com/'
export const TIKTOK_URL = 'https://www.tiktok.com/'

/** What popupFeatures needs of the screen: its size and where the window sits. */
export interface ScreenBox {
  width: number
  height: number
  left?: number
  top?: number
}

/** popupFeatures: a 600×400 window centred over the current one (SPEC §2). */
export function popupFeatures(screen: ScreenBox): string {
  const left = Math.max(0, Math.round((screen.left ?? 0) + (screen.width - POPUP_WIDTH) / 2))
  const top = Math.max(0, Math.round((screen.top ?? 0) + (screen.height - POPUP_HEIGHT) / 2))
  return `width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top},noopener,noreferrer`
}

/** shareFileName: the PNG's name from the title and 'review' (or 'list'): 'the-matrix-review.png'. */
export function shareFileName(title: string | null | undefined, what: 'review' | 'list' = 'review'): string {
  const slug = (title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return `${slug || 'cinecircle'}-${what}.png`
}

const DOWNLOAD_FAILED = 'Download Failed: Unable to generate image: '

/**
 * downloadFailedToast: SPEC §8 'Download Failed: Unable to generate image: {reason}', as
 * a toast title ('Download Failed') and description ('Unable to generate image: …').
 */
export function downloadFailedToast(reason: string): { title: string; description: string } {
  const cut = DOWNLOAD_FAILED.indexOf(': ')
  return {
    title: DOWNLOAD_FAILED.slice(0, cut),
    description: `${DOWNLOAD_FAILED.slice(cut + 2)}${reason.trim() || 'unknown error'}`,
  }
}

/** reasonOf: a readable reason from whatever a failed capture threw. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  if (error && typeof error === 'object' && 'type' in error) return `${String((error).type)} event`
  return 'unknown error'
}

/** withTimeout rejects with 'Timed out after N s' when work takes longer than ms. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${Math.round(ms / 1000)} s`)), ms)
    work.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(reasonOf(error)))
      },
    )
  })
}

/** inviteLink: the site's origin with ref set to the inviter's id (SPEC §9). */
export function inviteLink(origin: string, userId: string): string {
  return `${origin.replace(/\/+$/, '')}/?ref=${encodeURIComponent(userId)}`
}

// The invite helpers live in ./invite so the landing page can use them without loading
// the share card's code; they are re-exported here for their other callers.
export { INVITE_REF_KEY, inviteRefFrom, recallInviteRef, rememberInviteRef, safeSessionStorage } from './invite'
