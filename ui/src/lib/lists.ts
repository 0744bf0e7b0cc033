// Lists (issue #20): the pure rules the list screens share — reordering, progress,
// visibility wording and the feed card's sentence.
import type { Activity, ActivityUser } from './feed'
import { displayName } from './users'

export type ListVisibility = 'public' | 'followers' | 'private'

/** One title of a list at its 1-based position in rank order (GET /api/lists/{id}). */
export interface ListItem {
  id: string
  position: number
  movieId?: number
  tvShowId?: number
  title: string
  year: number
  posterPath: string
  note: string
  addedBy: ActivityUser | null
  editedBy?: ActivityUser | null
  watched: boolean
}

/** moveItem returns items with the one at index from moved to index to, positions renumbered from the first's. */
export function moveItem<T extends { position: number }>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items]
  const next = [...items]
  next.splice(to, 0, ...next.splice(from, 1))
  const first = items[0]?.position ?? 1
  return next.map((item, i) => ({ ...item, position: first + i }))
}

/** removeItem drops the item with id, renumbering the positions after it. */
export function removeListItem<T extends { id: string; position: number }>(items: readonly T[], id: string): T[] {
  const first = items[0]?.position ?? 1
  return items.filter((i) => i.id !== id).map((item, i) => ({ ...item, position: first + i }))
}

/** progressLabel is the viewer's progress through a list: 'You've seen 12 of 50'. */
export function progressLabel(seen: number, total: number): string {
  return `You've seen ${seen} of ${total}`
}

export const VISIBILITY_LABELS: Record<ListVisibility, string> = {
  public: 'Members',
  followers: 'Followers',
  private: 'Only me and editors',
}

/** itemsLabel: '1 title', '3 titles'. */
export function itemsLabel(n: number): string {
  return `${n} ${n === 1 ? 'title' : 'titles'}`
}

/** ListPostData is what a list post's data carries (list_created, list_updated). */
export interface ListPostData {
  listId: string
  listName: string
  added?: number
  itemCount?: number
  ranked?: boolean
  posters?: string[]
  actor?: ActivityUser | null
  titles?: { kind: 'movie' | 'tv'; id: number; title: string; posterPath: string }[]
}

/** listPostData is what a post about a list (list_created, list_updated) carries; null for any other post. */
export function listPostData(activity: Pick<Activity, 'type' | 'data'>): ListPostData | null {
  if ((activity.type !== 'list_created' && activity.type !== 'list_updated') || !activity.data) return null
  return activity.data as unknown as ListPostData
}

/**
 * listPostSentence is a list post's line: 'Ana made a list: Best of 2025' or
 * 'Ana added 3 titles to Best of 2025' (the actor may be an editor, not the author).
 */
export function listPostSentence(type: string, author: ActivityUser | null, data: ListPostData): string {
  const who = displayName(data.actor ?? author ?? undefined)
  const added = data.added ?? 0
  if (type === 'list_created' && added === 0) return `${who} made a list: ${data.listName}`
  if (type === 'list_created') return `${who} made a list: ${data.listName}, with ${itemsLabel(added)}`
  return `${who} added ${itemsLabel(added)} to ${data.listName}`
}

/** moveAnnouncement is what a screen reader hears after a move. */
export function moveAnnouncement(title: string, position: number, total: number): string {
  return `${title} moved to position ${position} of ${total}`
}

/**
 * targetIndex works out where a dragged row lands: its index once dropped is how many of
 * the other rows have their middle above the pointer (middles in the rows' order).
 */
export function targetIndex(middles: readonly number[], from: number, pointerY: number): number {
  let n = 0
  middles.forEach((middle, j) => {
    if (j !== from && middle < pointerY) n++
  })
  return n
}
