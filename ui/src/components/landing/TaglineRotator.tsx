import { useEffect, useState } from 'react'
import { rotateTaglines, TAGLINES } from '../../lib/taglines'

/** TaglineRotator: one of the 16 taglines, changing every 4 s with a 0.4 s fade. */
export function TaglineRotator({ className = '' }: { className?: string }) {
  const [shown, setShown] = useState({ index: 0, visible: true })

  useEffect(() => rotateTaglines((index, visible) => setShown({ index, visible })), [])

  return (
    <p className={`tagline ${className}`} data-visible={shown.visible} data-testid="landing-tagline" data-landing="tagline">
      {TAGLINES[shown.index]}
    </p>
  )
}
