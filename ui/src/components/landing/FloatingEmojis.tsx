import { useSyncExternalStore } from 'react'
import { floatingEmojiCount, floatingEmojiLayout } from '../../lib/landing'

const reducedMotion = '(prefers-reduced-motion: reduce)'

function subscribe(listener: () => void) {
  const media = window.matchMedia(reducedMotion)
  window.addEventListener('resize', listener)
  media.addEventListener('change', listener)
  return () => {
    window.removeEventListener('resize', listener)
    media.removeEventListener('change', listener)
  }
}

/** How many emojis float now: by width (SPEC §9), none when the visitor asks for less motion. */
function currentCount(): number {
  return window.matchMedia(reducedMotion).matches ? 0 : floatingEmojiCount(window.innerWidth)
}

/** FloatingEmojis: the landing's decorative background of slowly rising emojis. */
export function FloatingEmojis() {
  const count = useSyncExternalStore(subscribe, currentCount, () => 0)
  if (count === 0) return null
  return (
    <div aria-hidden="true" data-testid="floating-emojis" className="pointer-events-none absolute inset-0 overflow-hidden">
      {floatingEmojiLayout(count).map((e, i) => (
        <span
          key={i}
          className="floating-emoji"
          style={{ left: `${e.left}%`, fontSize: `${e.size}rem`, animationDelay: `${e.delay}s`, animationDuration: `${e.duration}s` }}
        >
          {e.emoji}
        </span>
      ))}
    </div>
  )
}
