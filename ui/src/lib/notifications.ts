// Notifications (SPEC §3 Notification, §4 Notification, §9): where a click leads, and the
// bell's badge. Pure, so the routing table is tested in notifications.test.ts.
import type { UserLike } from './users'

/** A notification as GET /api/notifications sends it (newest first). */
export interface AppNotification {
  id: string
  type: string
  message: string
  isRead: boolean
  createdAt: string
  entityId: string
  /** 'activity', 'movie', 'tv_show' or 'user'; other values may come from newer servers. */
  entityType: string
  actor: UserLike
  /** How many events this notification gathers (a burst of likes). */
  count: number
}

/** The bell menu lists this many (SPEC §9). */
export const NOTIFICATION_LIST_SIZE = 10
/** Polling (SPEC §9), only while realtime is disconnected. */
export const NOTIFICATION_POLL_MS = 30_000

/** The activity types whose notification leads to the activity in the feed. */
const FEED_TYPES = new Set([
  'new_post',
  'review',
  'movie_review',
  'tv_review',
  'movie_watchlist',
  'tv_watchlist',
  'movie_currently_watching',
  'movie_dropped',
  'tv_currently_watching',
  'tv_dropped',
])

const COLLABORATION_TYPES = new Set(['movie_collaboration', 'tv_collaboration'])

/**
 * Where a click on a notification leads: a path, and the activity to scroll to once the
 * home feed shows it. addRating marks a collaboration: the item shows 'Add Your Rating'
 * instead of navigating on its own.
 */
export interface NotificationTarget {
  path: string
  activityId: string | null
  addRating: boolean
}

const home = (activityId: string | null = null): NotificationTarget => ({ path: '/', activityId, addRating: false })
const to = (path: string): NotificationTarget => ({ path, activityId: null, addRating: false })

/** titlePath: the movie or TV page an entity names, if it names one. */
function titlePath(entityType: string, entityId: string): string | null {
  if (!entityId) return null
  if (entityType === 'movie') return `/movie/${entityId}`
  if (entityType === 'tv_show') return `/tv/${entityId}`
  if (entityType === 'list') return `/list/${entityId}`
  return null
}

/**
 * notificationTarget applies SPEC §4: like or comment on an activity → home, scrolled to
 * it; on a movie or TV show → its page; follow → /friends?tab=followers; recommendation →
 * /watchlist?tab=recommended; new_post, review and the watchlist-like types → home,
 * scrolled to the activity; challenge → /challenges; collaboration → the movie or TV page
 * (with 'Add Your Rating'); anything else → home.
 */
export function notificationTarget(n: Pick<AppNotification, 'type' | 'entityType' | 'entityId'>): NotificationTarget {
  const { type, entityType, entityId } = n
  const title = titlePath(entityType, entityId)
  const activity = entityType === 'activity' && entityId ? entityId : null
  if (COLLABORATION_TYPES.has(type)) {
    return { path: title ?? '/', activityId: title ? null : activity, addRating: true }
  }
  switch (type) {
    case 'follow':
      return to('/friends?tab=followers')
    case 'recommendation':
      return to('/watchlist?tab=recommended')
    case 'challenge':
      return to('/challenges')
    case 'year_review':
      return to(/^\d{4}$/.test(entityId) ? `/year/${entityId}` : '/')
    case 'like':
    case 'comment':
      return title ? to(title) : home(activity)
  }
  if (FEED_TYPES.has(type)) return title ? to(title) : home(activity)
  if (entityType === 'list' && title) return to(title) // list_editor, list_update
  return home()
}

/** activityAnchor: the id of a feed item's element (SPEC §2: activity-{id}). */
export function activityAnchor(activityId: string): string {
  return `activity-${activityId}`
}

/** badgeLabel: the unread badge; nothing at 0, '99+' above 99 (SPEC §9). */
export function badgeLabel(count: number | null | undefined): string {
  if (!count || count < 0) return ''
  return count > 99 ? '99+' : String(count)
}

/**
 * mergeNotification puts a notification delivered live at the top of the cached list,
 * replacing an older copy of it (a gathered burst updates the same notification).
 */
export function mergeNotification(list: readonly AppNotification[] | undefined, n: AppNotification, limit = 50): AppNotification[] {
  return [n, ...(list ?? []).filter((x) => x.id !== n.id)].slice(0, limit)
}

/** markRead marks one notification read (or all of them when id is omitted). */
export function markRead(list: readonly AppNotification[] | undefined, id?: string): AppNotification[] | undefined {
  return list?.map((n) => (id === undefined || n.id === id ? { ...n, isRead: true } : n))
}
