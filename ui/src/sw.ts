/// <reference lib="webworker" />
// CineCircle's service worker (SPEC §4 Service worker; DESIGN: vite-plugin-pwa with
// injectManifest). It precaches the app shell, keeps recent API answers for offline use
// (network first) and posters (cache first), shows push notifications and opens their
// link on click. The live event streams (/api/events, /api/realtime) never go through a cache.
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import { clearCaches } from './lib/caches'
import { notificationOptions, pushContent } from './lib/push'

declare let self: ServiceWorkerGlobalScope

const API_CACHE = 'cinecircle-api'
const POSTER_CACHE = 'cinecircle-posters'

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

const sameOrigin = (url: URL) => url.origin === self.location.origin
// The event streams never end: caching one would read it forever.
const isRealtime = (url: URL) => ['/api/events', '/api/realtime'].includes(url.pathname) || url.pathname.startsWith('/api/realtime/')

// Signing out clears the cached member data before the server ends the session.
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && sameOrigin(url) && url.pathname === '/api/logout',
  async ({ request }) => {
    await clearCaches('volatile')
    return fetch(request)
  },
)

// Page loads get the precached shell, except the server's own pages (/api, the dashboard).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/_(\/|$)/, /^\/img\//, /\.[a-z0-9]+$/i],
  }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && request.mode !== 'navigate' && sameOrigin(url) && url.pathname.startsWith('/api/') && !isRealtime(url),
  new NetworkFirst({
    cacheName: API_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 24 * 60 * 60 })],
  }),
)

registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/img/'),
  new CacheFirst({
    cacheName: POSTER_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
)

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('push', (event) => {
  const content = pushContent(event.data?.text())
  event.waitUntil(
    self.registration.showNotification(content.title, notificationOptions(content)),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = (event.notification.data as { url?: string } | null)?.url ?? '/'
  const target = new URL(path, self.location.origin).href
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const client = windows.find((c) => new URL(c.url).origin === self.location.origin)
      if (!client) {
        await self.clients.openWindow(target)
        return
      }
      await client.focus()
      // A page this worker controls can be sent there directly; otherwise the app routes.
      try {
        await client.navigate(target)
      } catch {
        client.postMessage({ type: 'NAVIGATE', url: path })
      }
    })(),
  )
})
