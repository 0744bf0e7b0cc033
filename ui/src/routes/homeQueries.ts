import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { keyToUrl } from '../lib/api'
import { trendingMoviesQuery, trendingTvQuery } from '../queries/catalog'
import { userChallengesQuery } from '../queries/challenges'
import { statsQuery } from '../queries/diary'
import { feedInfiniteQuery } from '../queries/feed'
import { unreadCountQuery } from '../queries/notifications'
import { suggestedFriendsQuery } from '../queries/social'
import { upNextQuery } from '../queries/tv'

/**
 * homeQueryKeys: the queries of the home's first screen besides the feed: Continue
 * Watching, the stats, the current challenge and the bell's count, and on a large screen
 * its side columns (people you may know, trending).
 */
export function homeQueryKeys(large: boolean): QueryKey[] {
  const keys: QueryKey[] = [upNextQuery().queryKey, statsQuery().queryKey, userChallengesQuery().queryKey, unreadCountQuery().queryKey]
  if (large) keys.push(suggestedFriendsQuery().queryKey, trendingMoviesQuery().queryKey, trendingTvQuery().queryKey)
  return keys
}

/** homeUrls: the addresses the home's first screen reads, the feed's first page first. */
export function homeUrls(large: boolean): string[] {
  const feed = feedInfiniteQuery()
  return [keyToUrl([...feed.queryKey, { page: feed.initialPageParam }]), ...homeQueryKeys(large).map((k) => keyToUrl(k))]
}

/**
 * prefetchHome asks for the home's first screen (the feed's first page and homeQueryKeys)
 * into the cache, so the home renders it at once when its code arrives.
 */
export function prefetchHome(client: QueryClient, large: boolean): Promise<unknown> {
  return Promise.all([
    client.prefetchInfiniteQuery(feedInfiniteQuery()),
    ...homeQueryKeys(large).map((queryKey) => client.prefetchQuery({ queryKey })),
  ])
}
