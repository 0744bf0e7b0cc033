import { useSyncExternalStore } from 'react'
import { floatingEmojiLayout, floatingEmojiStyle } from '../../lib/landing'
import { currentFloatingCount, subscribeFloatingCount } from '../../lib/landingMotion'

/**
 * FloatingEmojis: the landing's decorative background of slowly rising emojis. Pre-rendered
 * (no window) it is an empty, hidden layer the landing's script fills (src/landing/static.ts).
 */
export function FloatingEmojis() {
  const count = useSyncExternalStore(subscribeFloatingCount, currentFloatingCount, () => 0)
  return (
    <div
      aria-hidden="true"
      hidden={count === 0}
      data-testid="floating-emojis"
      data-landing="emojis"
      className="pointer-events-none absolute inset-0 overflow-hidden"
    >
      {floatingEmojiLayout(count).map((e, i) => (
        <span key={i} className="floating-emoji" style={floatingEmojiStyle(e)}>
          {e.emoji}
        </span>
      ))}
    </div>
  )
}
