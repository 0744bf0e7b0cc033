import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import {
  actionLabel,
  activityIdFromHash,
  activityTitle,
  anchorId,
  cardKind,
  episodeCode,
  flattenPages,
  genreNames,
  likePatch,
  mutualLabel,
  nearBottom,
  nextFeedPage,
  removeActivity,
  starFills,
  updateActivity,
  type Activity,
} from './feed'

const post = (id: string, extra: Partial<Activity> = {}): Activity => ({
  id,
  type: 'movie_review',
  userId: 'u1',
  user: null,
  createdAt: '2026-01-01T00:00:00Z',
  isLiked: false,
  likeCount: 0,
  commentCount: 0,
  data: { movieId: 7, movieTitle: 'The Matrix', movieYear: 1999 },
  ...extra,
})

describe('cardKind', () => {
  it.each([
    ['movie_review', 'title'],
    ['tv_currently_watching', 'title'],
    ['collaborative_tv', 'title'],
    ['episode_review', 'episode'],
    ['tv_episodes_watched', 'episodes'],
    ['challenge_completed', 'challenge'],
    ['challenge_joined', 'challenge'],
    ['mystery', 'unknown'],
  ])('%s → %s', (type, kind) => expect(cardKind(type)).toBe(kind))
})

describe('actionLabel', () => {
  it.each([
    ['movie_rating', 'rated'],
    ['tv_review', 'reviewed'],
    ['movie_watched', 'watched'],
    ['tv_watchlist', 'added to watchlist'],
    ['movie_currently_watching', 'is currently watching'],
    ['tv_dropped', 'dropped'],
    ['movie_added', 'added'],
    ['collaborative_movie', 'watched together'],
    ['episode_review', 'reviewed an episode of'],
  ])('%s → %s', (type, label) => expect(actionLabel(type)).toBe(label))
})

describe('activityTitle', () => {
  it('reads a movie and links by movieId', () => {
    expect(activityTitle(post('a'))).toEqual({ kind: 'movie', id: 7, title: 'The Matrix', poster: null, year: '1999', genres: [] })
  })
  it('reads a show by tvShowId even on an unexpected type', () => {
    const t = activityTitle({ type: 'movie_added', data: { tvShowId: 3, tvShowTitle: 'Severance', tvShowPoster: '/p.jpg', tvShowYear: '2022-02-18' } })
    expect(t).toMatchObject({ kind: 'tv', id: 3, title: 'Severance', poster: '/p.jpg', year: '2022' })
  })
  it('falls back to Unknown Content with no link', () => {
    expect(activityTitle({ type: 'tv_review', data: null })).toMatchObject({ kind: null, id: null, title: 'Unknown Content' })
    expect(activityTitle({ type: 'movie_review', data: { movieTitle: '  ' } }).title).toBe('Unknown Content')
  })
})

describe('genreNames', () => {
  it('reads strings and objects with a name', () => {
    expect(genreNames(['Drama', { name: 'Crime' }, { name: null }, ' '])).toEqual(['Drama', 'Crime'])
    expect(genreNames(null)).toEqual([])
  })
})

describe('starFills', () => {
  it.each([
    [0, [0, 0, 0, 0, 0]],
    [10, [1, 1, 1, 1, 1]],
    [7.3, [1, 1, 1, 0.65, 0]],
    [5, [1, 1, 0.5, 0, 0]],
    [0.1, [0.05, 0, 0, 0, 0]],
    [12, [1, 1, 1, 1, 1]],
    [null, [0, 0, 0, 0, 0]],
  ])('%s → %j', (rating, fills) => expect(starFills(rating)).toEqual(fills))
})

describe('paging', () => {
  const page = (n: number) => Array.from({ length: n }, (_, i) => i)
  it.each([
    [page(20), [page(20)], 2],
    [page(20), [page(20), page(20)], 3],
    [page(19), [page(20), page(19)], undefined],
    [page(0), [page(0)], undefined],
  ])('next page after %#', (last, pages, next) => expect(nextFeedPage(last, pages)).toBe(next))

  it.each([
    [{ scrollTop: 0, viewportHeight: 800, scrollHeight: 5000 }, false],
    [{ scrollTop: 3200, viewportHeight: 800, scrollHeight: 5000 }, true],
    [{ scrollTop: 3199, viewportHeight: 800, scrollHeight: 5000 }, false],
    [{ scrollTop: 0, viewportHeight: 800, scrollHeight: 1200 }, true],
  ])('near the bottom %#', (box, near) => expect(nearBottom(box)).toBe(near))
})

describe('anchors', () => {
  it('round-trips the activity anchor', () => {
    expect(anchorId('abc123')).toBe('activity-abc123')
    expect(activityIdFromHash('#activity-abc123')).toBe('abc123')
    expect(activityIdFromHash('#other')).toBeNull()
    expect(activityIdFromHash('')).toBeNull()
    expect(activityIdFromHash('#activity-<x>')).toBeNull()
  })
  it('formats episode codes', () => {
    expect(episodeCode(1, 9)).toBe('S1 E9')
    expect(episodeCode(null, 9)).toBe('')
  })
})

describe('likePatch', () => {
  it.each([
    [{ isLiked: false, likeCount: 2 }, true, { isLiked: true, likeCount: 3 }],
    [{ isLiked: true, likeCount: 3 }, false, { isLiked: false, likeCount: 2 }],
    [{ isLiked: true, likeCount: 3 }, true, { isLiked: true, likeCount: 3 }],
    [{ isLiked: true, likeCount: 0 }, false, { isLiked: false, likeCount: 0 }],
  ])('%j like=%s', (state, liked, out) => expect(likePatch(state, liked)).toEqual(out))
})

describe('cache updates', () => {
  const a = post('a')
  const b = post('b')
  const c = post('c')
  const pages: InfiniteData<Activity[], unknown> = { pages: [[a, b], [c]], pageParams: [1, 2] }
  const like = (x: Activity): Activity => ({ ...x, isLiked: true, likeCount: x.likeCount + 1 })

  it('changes one post in feed pages and keeps the rest', () => {
    const next = updateActivity(pages, 'c', like)
    expect(next.pages[1]?.[0]).toMatchObject({ id: 'c', isLiked: true, likeCount: 1 })
    expect(next.pages[0]).toBe(pages.pages[0])
    expect(next.pageParams).toBe(pages.pageParams)
  })
  it('returns the same object when the post is not there', () => {
    expect(updateActivity(pages, 'zz', like)).toBe(pages)
    const list = [a, b]
    expect(updateActivity(list, 'zz', like)).toBe(list)
    expect(updateActivity(a, 'zz', like)).toBe(a)
    expect(updateActivity(undefined, 'a', like)).toBeUndefined()
  })
  it('changes a list and a single post', () => {
    expect(updateActivity([a, b], 'b', like)[1]?.isLiked).toBe(true)
    expect(updateActivity(a, 'a', like).isLiked).toBe(true)
  })
  it('removes a post from pages and lists', () => {
    expect(removeActivity(pages, 'b').pages).toEqual([[a], [c]])
    expect(removeActivity([a, b], 'a')).toEqual([b])
    expect(removeActivity(pages, 'zz')).toBe(pages)
    expect(removeActivity(a, 'a')).toBe(a)
  })
  it('flattens pages keeping each post once', () => {
    expect(flattenPages([[a, b], [b, c]]).map((x) => x.id)).toEqual(['a', 'b', 'c'])
    expect(flattenPages(undefined)).toEqual([])
  })
})

describe('mutualLabel', () => {
  it.each([
    [0, 'New to CineCircle'],
    [1, '1 mutual friend'],
    [4, '4 mutual friends'],
    [null, 'New to CineCircle'],
  ])('%s → %s', (n, label) => expect(mutualLabel(n)).toBe(label))
})
