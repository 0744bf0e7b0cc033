declare global {
  interface Window {
    /**
     * The answers index.html's startup script asked for before the app loaded
     * (src/startup/earlyUser.js), by address: /api/auth/user always, and a member's home
     * data at / (startup/homeAnswers.ts).
     */
    __cinecircleEarly?: Record<string, { at: number; res: Promise<Response> }>
    /** Runs a function once the page has painted its first content (src/startup/earlyUser.js), at / for a member. */
    __cinecircleAfterPaint?: (fn: () => void) => void
  }
}

/**
 * EARLY_ANSWER_MS: how long an early answer stands in for a request. The first screen asks
 * within a few seconds even on a slow phone; a query first made later asks afresh.
 */
export const EARLY_ANSWER_MS = 60_000

/**
 * takeEarly: the answer to a GET of url that index.html's startup script asked for before
 * the app loaded, once (a later question is asked anew); null without one, or when it is
 * older than EARLY_ANSWER_MS.
 */
export function takeEarly(url: string, now = Date.now()): Promise<Response> | null {
  const early = typeof window === 'undefined' ? undefined : window.__cinecircleEarly
  const entry = early?.[url]
  if (!entry) return null
  delete early[url]
  return now - entry.at <= EARLY_ANSWER_MS ? entry.res : null
}
