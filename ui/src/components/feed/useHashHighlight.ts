import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { activityIdFromHash } from '../../lib/feed'

export const HIGHLIGHT_MS = 2500

/**
 * useHashHighlight: when the address ends in #activity-{id} (notifications link there),
 * the post with that id scrolls into view and is highlighted briefly. Returns whether
 * the post is highlighted now.
 */
export function useHashHighlight(activityId: string, element: { current: HTMLElement | null }): boolean {
  const { hash, key } = useLocation()
  const targeted = activityIdFromHash(hash) === activityId
  const [highlighted, setHighlighted] = useState<string | null>(null)

  useEffect(() => {
    if (!targeted) return
    const el = element.current
    if (!el) return
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    // After layout settles (fonts, images above), so the card lands where it will stay.
    const frame = requestAnimationFrame(() => {
      el.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' })
      el.focus({ preventScroll: true })
      setHighlighted(key)
    })
    const timer = setTimeout(() => setHighlighted(null), HIGHLIGHT_MS)
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [targeted, key, element])

  return targeted && highlighted === key
}
