import { describe, expect, it } from 'vitest'
import { badgeLabel, markRead, mergeNotification, notificationTarget, type AppNotification, type NotificationTarget } from './notifications'

describe('notificationTarget (SPEC §4)', () => {
  it.each<[string, string, string, NotificationTarget]>([
    ['like', 'activity', 'a1', { path: '/', activityId: 'a1', addRating: false }],
    ['comment', 'activity', 'a2', { path: '/', activityId: 'a2', addRating: false }],
    ['like', 'movie', '603', { path: '/movie/603', activityId: null, addRating: false }],
    ['comment', 'tv_show', '1396', { path: '/tv/1396', activityId: null, addRating: false }],
    ['list_update', 'list', 'abc123', { path: '/list/abc123', activityId: null, addRating: false }],
    ['list_editor', 'list', 'abc123', { path: '/list/abc123', activityId: null, addRating: false }],
    ['follow', 'user', 'u1', { path: '/friends?tab=followers', activityId: null, addRating: false }],
    ['recommendation', 'movie', '603', { path: '/watchlist?tab=recommended', activityId: null, addRating: false }],
    ['new_post', 'activity', 'a3', { path: '/', activityId: 'a3', addRating: false }],
    ['review', 'activity', 'a4', { path: '/', activityId: 'a4', addRating: false }],
    ['movie_review', 'activity', 'a5', { path: '/', activityId: 'a5', addRating: false }],
    ['tv_review', 'activity', 'a6', { path: '/', activityId: 'a6', addRating: false }],
    ['movie_watchlist', 'activity', 'a7', { path: '/', activityId: 'a7', addRating: false }],
    ['tv_watchlist', 'activity', 'a8', { path: '/', activityId: 'a8', addRating: false }],
    ['movie_currently_watching', 'activity', 'a9', { path: '/', activityId: 'a9', addRating: false }],
    ['movie_dropped', 'activity', 'b1', { path: '/', activityId: 'b1', addRating: false }],
    ['tv_currently_watching', 'activity', 'b2', { path: '/', activityId: 'b2', addRating: false }],
    ['tv_dropped', 'activity', 'b3', { path: '/', activityId: 'b3', addRating: false }],
    ['challenge', 'user', 'u1', { path: '/challenges', activityId: null, addRating: false }],
    ['year_review', 'year', '2025', { path: '/year/2025', activityId: null, addRating: false }],
    ['year_review', 'year', 'x', { path: '/', activityId: null, addRating: false }],
    ['movie_collaboration', 'movie', '603', { path: '/movie/603', activityId: null, addRating: true }],
    ['tv_collaboration', 'tv_show', '1396', { path: '/tv/1396', activityId: null, addRating: true }],
    ['movie_collaboration', 'activity', 'c1', { path: '/', activityId: 'c1', addRating: true }],
    ['something_new', 'activity', 'a1', { path: '/', activityId: null, addRating: false }],
    ['like', 'activity', '', { path: '/', activityId: null, addRating: false }],
  ])('%s on %s %s', (type, entityType, entityId, expected) => {
    expect(notificationTarget({ type, entityType, entityId })).toEqual(expected)
  })
})

describe('badgeLabel', () => {
  it.each<[number | null | undefined, string]>([
    [undefined, ''],
    [null, ''],
    [0, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [1234, '99+'],
  ])('%s → %j', (count, label) => {
    expect(badgeLabel(count)).toBe(label)
  })
})

const n = (id: string, isRead = false): AppNotification => ({
  id,
  type: 'like',
  message: `m${id}`,
  isRead,
  createdAt: '2026-01-01T00:00:00Z',
  entityId: 'a1',
  entityType: 'activity',
  actor: null,
  count: 1,
})

describe('mergeNotification and markRead', () => {
  it('puts a new one first and replaces an updated one', () => {
    expect(mergeNotification([n('1'), n('2')], n('3')).map((x) => x.id)).toEqual(['3', '1', '2'])
    expect(mergeNotification([n('1'), n('2')], { ...n('2'), count: 3 }).map((x) => [x.id, x.count])).toEqual([
      ['2', 3],
      ['1', 1],
    ])
    expect(mergeNotification(undefined, n('1'))).toHaveLength(1)
    expect(mergeNotification([n('1'), n('2')], n('3'), 2).map((x) => x.id)).toEqual(['3', '1'])
  })
  it('marks one or all read', () => {
    expect(markRead([n('1'), n('2')], '2')?.map((x) => x.isRead)).toEqual([false, true])
    expect(markRead([n('1'), n('2')])?.every((x) => x.isRead)).toBe(true)
    expect(markRead(undefined)).toBeUndefined()
  })
})
