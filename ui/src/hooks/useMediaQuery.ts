import { useCallback, useSyncExternalStore } from 'react'

/** LARGE_SCREEN: Tailwind's lg breakpoint, where the home page gains its two side columns. */
export const LARGE_SCREEN = '(min-width: 64rem)'

/** useMediaQuery follows a CSS media query (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      const media = window.matchMedia(query)
      media.addEventListener('change', listener)
      return () => media.removeEventListener('change', listener)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}
