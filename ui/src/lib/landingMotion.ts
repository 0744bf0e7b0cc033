// How many emojis float behind the landing now: the window's width and the visitor's
// motion preference decide (SPEC §9). Shared by the React landing and the pre-rendered
// one's script (src/landing/static.ts).
import { floatingEmojiCount } from './landing'

const reducedMotion = '(prefers-reduced-motion: reduce)'

/** subscribeFloatingCount calls listener when the count may have changed; it returns the unsubscribe. */
export function subscribeFloatingCount(listener: () => void): () => void {
  const media = window.matchMedia(reducedMotion)
  window.addEventListener('resize', listener)
  media.addEventListener('change', listener)
  return () => {
    window.removeEventListener('resize', listener)
    media.removeEventListener('change', listener)
  }
}

/** currentFloatingCount: by width, none when the visitor asks for less motion. */
export function currentFloatingCount(): number {
  return window.matchMedia(reducedMotion).matches ? 0 : floatingEmojiCount(window.innerWidth)
}
