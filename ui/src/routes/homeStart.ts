import { queryClient } from '../lib/queryClient'

/** loadHome: the home page's code (routes/Home.tsx), loaded on demand. */
export const loadHome = () => import('./Home')

let started = false

/**
 * startHome: a member opening the app at / needs the member shell, the home page's code
 * and the first feed page. Once the member is known they are asked for together, instead
 * of the page's code after the shell and the feed after the page (issue: performance).
 * Only the first time: later visits to / find them loaded and cached.
 */
export function startHome() {
  if (started) return
  started = true
  void loadHome()
  void import('../queries/feed').then(({ feedInfiniteQuery }) => queryClient.prefetchInfiniteQuery(feedInfiniteQuery()))
}
