import { API_HEADERS } from '../lib/api'
import { queryClient } from '../lib/queryClient'

/** loadHome: the home page's code (routes/Home.tsx), loaded on demand. */
export const loadHome = () => import('./Home')

/**
 * FIRST_FEED_PAGE: the address of the home feed's first page, as the feed query asks for it
 * (queries/feed.ts feedInfiniteQuery; a test holds the two together).
 */
export const FIRST_FEED_PAGE = '/api/feed?limit=20&page=1'

let started = false

/**
 * startHome: a member opening the app at / needs the member shell, the home page's code
 * and the first feed page. Once the member is known they are all asked for together,
 * instead of the page's code after the shell and the feed after the page's code (issue:
 * performance): the feed query takes its first page from the request already under way.
 * Only the first time: later visits to / find them loaded and cached.
 */
export function startHome() {
  if (started) return
  started = true
  void loadHome()
  let firstPage: Promise<Response | null> | null = fetch(FIRST_FEED_PAGE, { credentials: 'include', headers: { ...API_HEADERS } }).catch(
    () => null,
  )
  void import('../queries/feed').then(({ feedInfiniteQuery }) => {
    const options = feedInfiniteQuery()
    const fetchPage = options.queryFn as (context: unknown) => Promise<unknown>
    return queryClient.prefetchInfiniteQuery({
      ...options,
      queryFn: async (context) => {
        const early = context.pageParam === 1 ? firstPage : null
        firstPage = null // used once; a failed one is asked for again the usual way
        const res = await early
        return res?.ok ? ((await res.json()) as unknown) : fetchPage(context)
      },
    } as typeof options)
  })
}
