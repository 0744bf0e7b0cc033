// The hero's rotating taglines (SPEC §1, §9 landing constants), which the sign-in pages
// show too (components/landing/TaglineRotator.tsx, src/landing/static.ts). Apart from the
// rest of the landing's rules (lib/landing.ts): they travel in the small chunk the landing
// shares with every page, the member's included (vite.config.ts, issue 26).
export const TAGLINE_INTERVAL_MS = 4000
export const TAGLINE_FADE_MS = 400

/** The 16 rotating taglines of the hero (SPEC §1). */
export const TAGLINES: readonly string[] = [
  'Where friends become film critics',
  'Track, rate, roast, repeat',
  'Your watch history, with better company',
  'Every movie night deserves a sequel',
  'Rate it. Review it. Argue about it.',
  'The group chat, but for movies',
  'Binge together, even when apart',
  'Your next favourite film is one friend away',
  'Popcorn opinions, shared daily',
  'Keep score of every credit roll',
  'From first watch to fiftieth rewatch',
  'Find out who really has the best taste',
  'Less scrolling, more watching',
  'Every season, every episode, every verdict',
  'Lights down, ratings up',
  'Your circle, your cinema',
]

/** nextTagline is the index shown after the current one, wrapping around. */
export function nextTagline(index: number, count: number = TAGLINES.length): number {
  return count > 0 ? (index + 1) % count : 0
}

/**
 * rotateTaglines runs the hero's rotation (every 4 s, a 0.4 s fade): show(index, visible)
 * hides the current tagline, then shows the next. It returns the function that stops it.
 */
export function rotateTaglines(show: (index: number, visible: boolean) => void): () => void {
  let index = 0
  let fade: ReturnType<typeof setTimeout> | undefined
  const timer = setInterval(() => {
    show(index, false)
    fade = setTimeout(() => {
      index = nextTagline(index)
      show(index, true)
    }, TAGLINE_FADE_MS)
  }, TAGLINE_INTERVAL_MS)
  return () => {
    clearInterval(timer)
    clearTimeout(fade)
  }
}
