/**
 * HOME_ANSWERS: what a member's home shows on its first screen, as the addresses the
 * default fetcher GETs for them (lib/api keyToUrl). index.html's startup script
 * (src/startup/earlyUser.js, written in at build time) asks for them the moment a member
 * opens /, while the app's code is still downloading, and the fetcher takes each answer
 * once (startup/early.ts): the home renders its first screen from data already here,
 * without skeletons that would then move the page (issue 26: the home's first paint).
 * routes/homeQueries.ts prefetches the same queries; a test holds the two together.
 */
export const HOME_ANSWERS = {
  /** Every screen: the feed's first page, Continue Watching, the stats, the current challenge, the bell. */
  all: ['/api/feed?limit=20&page=1', '/api/user/up-next', '/api/user/stats', '/api/user/challenges', '/api/notifications/unread-count'],
  /** Large screens add their side columns: people you may know and trending. */
  large: ['/api/suggested-friends', '/api/trending-movies', '/api/trending-tv-shows'],
  /** Where the large layout starts (hooks/useMediaQuery LARGE_SCREEN). */
  largeMedia: '(min-width: 64rem)',
} as const
