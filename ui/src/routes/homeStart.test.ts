import { describe, expect, it } from 'vitest'
import { keyToUrl } from '../lib/api'
import { feedInfiniteQuery } from '../queries/feed'
import { FIRST_FEED_PAGE } from './homeStart'

describe('FIRST_FEED_PAGE', () => {
  it('is the page the feed query asks for first, so the early request is the one it uses', () => {
    const { queryKey, initialPageParam } = feedInfiniteQuery()
    expect(FIRST_FEED_PAGE).toBe(keyToUrl([...queryKey, { page: initialPageParam }]))
  })
})
