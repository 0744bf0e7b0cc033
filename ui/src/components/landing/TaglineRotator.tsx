import { useEffect, useState } from 'react'
import { nextTagline, TAGLINE_FADE_MS, TAGLINE_INTERVAL_MS, TAGLINES } from '../../lib/landing'

/** TaglineRotator: one of the 16 taglines, changing every 4 s with a 0.4 s fade. */
export function TaglineRotator({ className = '' }: { className?: string }) {
  const [index, setIndex] = useState(0)
  const [visible, setVisible] = useState(true)

  useEffect(() => {
    let fade: ReturnType<typeof setTimeout> | undefined
    const timer = setInterval(() => {
      setVisible(false)
      fade = setTimeout(() => {
        setIndex((i) => nextTagline(i))
        setVisible(true)
      }, TAGLINE_FADE_MS)
    }, TAGLINE_INTERVAL_MS)
    return () => {
      clearInterval(timer)
      clearTimeout(fade)
    }
  }, [])

  return (
    <p className={`tagline ${className}`} data-visible={visible} data-testid="landing-tagline">
      {TAGLINES[index]}
    </p>
  )
}
