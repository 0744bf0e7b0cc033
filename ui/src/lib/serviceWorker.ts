// The service worker's life in the page (SPEC §4 Service worker), through workbox-window:
// /sw.js registered at the site root once the page has loaded, an update looked for every
// 5 minutes, a waiting new version told to skip waiting, and when a new version takes
// over the caches of member answers dropped (lib/caches.ts) and the page reloaded onto
// it. A notification click may ask the app to go somewhere (sw.ts posts NAVIGATE).
import { clearCaches } from './caches'

export const SW_URL = '/sw.js'
export const SW_UPDATE_CHECK_MS = 5 * 60 * 1000
/** SW_IDLE_WAIT_MS: the longest the registration waits for an idle main thread after the page's load. */
export const SW_IDLE_WAIT_MS = 3000

/**
 * registerServiceWorker runs the cycle above (main.tsx calls it in production builds).
 * Where service workers are unavailable (private windows, blocked by policy, plain http)
 * the app runs without one and says nothing: not an error. A registration that fails
 * anyway (refused, or a registration API that answers nothing) is only a warning.
 */
export async function registerServiceWorker(navigate: (path: string) => void): Promise<void> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker
  if (!container) return
  container.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string } | null>) => {
    const url = event.data?.url
    if (event.data?.type === 'NAVIGATE' && url?.startsWith('/') && !url.startsWith('//')) navigate(url)
  })
  // The first page's own files come first: after the page's load event, and once the main
  // thread is idle, since at / the app starts after that event (src/landing/static.ts) and
  // its shell, page and data are still coming in then.
  if (document.readyState !== 'complete') await new Promise((loaded) => window.addEventListener('load', loaded, { once: true }))
  await new Promise<void>((idle) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => idle(), { timeout: SW_IDLE_WAIT_MS })
    else setTimeout(idle, 0)
  })
  try {
    // Loaded only where a service worker can run. Its modern source, not the ES5 build its
    // package points bundlers to: 0.8 KB less gzip.
    const { Workbox } = await import('workbox-window/Workbox.js')
    const wb = new Workbox(SW_URL, { scope: '/' })
    wb.addEventListener('waiting', () => wb.messageSkipWaiting())
    wb.addEventListener('controlling', (event) => {
      // The first worker taking over a fresh page has nothing to replace: no reload then.
      void clearCaches('volatile')
        .catch(() => {})
        .finally(() => {
          if (event.isUpdate) window.location.reload()
        })
    })
    await wb.register()
    setInterval(() => void wb.update().catch(() => {}), SW_UPDATE_CHECK_MS)
  } catch (error) {
    console.warn('No service worker: the app runs without offline copies', error)
  }
}
