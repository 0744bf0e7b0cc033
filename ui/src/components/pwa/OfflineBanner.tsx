import { useEffect, useState } from 'react'
import { WifiOffIcon } from '../ui/iconBase'

/** SPEC §9: the offline banner stays 5 s. */
export const OFFLINE_BANNER_MS = 5000

/**
 * OfflineBanner (SPEC §2, §4): 'You're offline' / 'Some features may be limited', shown
 * when the connection drops (or the app opens without one) and hidden when it comes back
 * or after 5 s. Pages seen before still open from the service worker's cache.
 */
export function OfflineBanner() {
  const [shown, setShown] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false)

  useEffect(() => {
    const onOffline = () => setShown(true)
    const onOnline = () => setShown(false)
    window.addEventListener('offline', onOffline)
    window.addEventListener('online', onOnline)
    return () => {
      window.removeEventListener('offline', onOffline)
      window.removeEventListener('online', onOnline)
    }
  }, [])

  useEffect(() => {
    if (!shown) return
    const timer = setTimeout(() => setShown(false), OFFLINE_BANNER_MS)
    return () => clearTimeout(timer)
  }, [shown])

  if (!shown) return null
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-[60] flex justify-center px-3 pt-[max(0.5rem,env(safe-area-inset-top))]">
      <div className="rise-in flex items-center gap-3 rounded-box bg-warning px-4 py-2 text-warning-content shadow-lg">
        <WifiOffIcon className="size-5 shrink-0" />
        <div className="text-sm leading-tight">
          <div className="font-semibold">You're offline</div>
          <div>Some features may be limited</div>
        </div>
      </div>
    </div>
  )
}
