import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { keyToUrl } from '../lib/api'
import { catalogKeys } from './catalog'
import { diaryKeys, invalidateAfterDiaryChange } from './diary'
import { feedKeys } from './feed'
import { notificationKeys } from './notifications'
import { socialKeys } from './social'

describe('diaryKeys', () => {
  it.each<[readonly unknown[], string]>([
    [diaryKeys.entries('movie'), '/api/user/movies'],
    [diaryKeys.entries('tv'), '/api/user/tv-shows'],
    [diaryKeys.entriesByStatus('movie', 'plan_to_watch'), '/api/user/movies?status=plan_to_watch'],
    [diaryKeys.entriesByStatus('tv'), '/api/user/tv-shows'],
    [diaryKeys.stats, '/api/user/stats'],
    [socialKeys.following, '/api/user/following'],
    [diaryKeys.profile('abc'), '/api/users/abc/profile'],
    [[...diaryKeys.diary('abc'), { page: 2 }], '/api/users/abc/diary?page=2'],
    [diaryKeys.episodeReviews(7, 1), '/api/tv-shows/7/episode-reviews?season=1'],
    [catalogKeys.addSearch('movie', ' matrix '), '/api/movies/search?query=matrix'],
    [catalogKeys.addSearch('tv', 'breaking bad'), '/api/tv-shows/search?query=breaking+bad'],
  ])('%j → %s', (key, url) => {
    expect(keyToUrl(key)).toBe(url)
  })
})

describe('invalidateAfterDiaryChange', () => {
  it('marks stale what SPEC §7 lists after an add or edit, and nothing else', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } })
    const stale = [
      feedKeys.all,
      [...feedKeys.all, { limit: 20, page: 2 }],
      diaryKeys.stats,
      notificationKeys.list,
      notificationKeys.unreadCount,
      diaryKeys.entries('movie'),
      diaryKeys.entriesByStatus('tv', 'currently_watching'),
      diaryKeys.episodeReviews(7, 1),
      diaryKeys.profile('abc'),
      diaryKeys.diary('abc'),
    ]
    const kept = [catalogKeys.trendingMovies, catalogKeys.movie(603), catalogKeys.tvSeason(7, 1), socialKeys.following]
    for (const key of [...stale, ...kept]) client.setQueryData(key, [])
    await invalidateAfterDiaryChange(client)
    for (const key of stale) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true)
    for (const key of kept) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false)
  })
})
