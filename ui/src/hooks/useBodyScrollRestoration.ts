import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { topDialog } from '../lib/dialogs'

export const BODY_SCROLL_CHECK_MS = 5000

/**
 * restoreBodyScroll undoes a scroll lock left behind on <body> (a sheet or picker that
 * unmounted mid-animation, a browser extension, an old app version's dialog) unless a
 * dialog of ours is really open.
 */
export function restoreBodyScroll() {
  if (topDialog()) return
  const { style } = document.body
  if (style.overflow === 'hidden') style.overflow = ''
  if (style.pointerEvents === 'none') style.pointerEvents = ''
  if (style.position === 'fixed') style.position = ''
}

/**
 * useBodyScrollRestoration (SPEC §4 body scroll): restores scrolling on every navigation,
 * resize and orientation change, and every 5 s while a service worker controls the page
 * (an installed app lives long without reloads).
 */
export function useBodyScrollRestoration() {
  const { pathname } = useLocation()
  useEffect(restoreBodyScroll, [pathname])
  useEffect(() => {
    window.addEventListener('resize', restoreBodyScroll)
    window.addEventListener('orientationchange', restoreBodyScroll)
    const timer = 'serviceWorker' in navigator && navigator.serviceWorker.controller ? setInterval(restoreBodyScroll, BODY_SCROLL_CHECK_MS) : undefined
    return () => {
      window.removeEventListener('resize', restoreBodyScroll)
      window.removeEventListener('orientationchange', restoreBodyScroll)
      clearInterval(timer)
    }
  }, [])
}
