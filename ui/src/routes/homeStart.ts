import { LARGE_SCREEN } from '../hooks/useMediaQuery'
import { queryClient } from '../lib/queryClient'

/** loadHome: the home page's code (routes/Home.tsx), loaded on demand. */
export const loadHome = () => import('./Home')

let started = false

/**
 * startHome: a member opening the app at / needs the member shell, the home page's code
 * and its first screen's data. Once the member is known they are all asked for together,
 * instead of the page's code after the shell and the data after the page's code (issue:
 * performance); the data's answers are usually under way already (index.html's startup
 * script, startup/homeAnswers.ts), and the queries take them. The home then renders its
 * first screen at once, with nothing left to load that would move it. Only the first
 * time: later visits to / find them loaded and cached.
 */
export function startHome() {
  if (started) return
  started = true
  void loadHome()
  void import('./homeQueries').then(({ prefetchHome }) => prefetchHome(queryClient, window.matchMedia?.(LARGE_SCREEN).matches ?? false))
}
