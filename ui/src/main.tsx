import { QueryClientProvider, type QueryFunction, type QueryKey } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppErrorBoundary } from './components/ErrorFallback'
import { Toaster } from './components/ui/Toaster'
import { ThemeSync } from './components/ThemeSync'
import { queryClient, startStaleQueryPurge } from './lib/queryClient'
import { currentUserQuery } from './queries/auth'
import { fromEarly, takeEarlyUser } from './startup/early'
import type { OwnUser } from './lib/users'
import { router } from './router'
import './index.css'
// The browser's install offer can arrive before the member's shell (and lib/pwa with it)
// loads: index.html's startup script (src/startup/installOffer.js) keeps it meanwhile.

startStaleQueryPurge(queryClient)
// Who is here decides everything the first page loads: index.html's startup script asked
// already (src/startup/earlyUser.js), and the app's first answer is that one.
const userQuery = currentUserQuery()
void queryClient.prefetchQuery({
  ...userQuery,
  queryFn: fromEarly(takeEarlyUser(), 'returnNull', userQuery.queryFn as QueryFunction<OwnUser | null, QueryKey>),
})

const SW_UPDATE_CHECK_MS = 5 * 60 * 1000

/**
 * registerServiceWorker (SPEC §4 Service worker): /sw.js at the site root in production
 * builds; checks for an update every 5 minutes and tells a waiting worker to skip
 * waiting. When a new worker takes over, cached stores named auth or api are deleted
 * (they may hold answers of the old version) and the page reloads onto the new version.
 * A notification click may ask the app to go somewhere (NAVIGATE).
 */
function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const sw = navigator.serviceWorker
  const hadController = Boolean(sw.controller)
  const skipWaiting = (worker: ServiceWorker | null) => worker?.postMessage({ type: 'SKIP_WAITING' })

  sw.addEventListener('controllerchange', () => {
    void caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.includes('auth') || n.includes('api')).map((n) => caches.delete(n))))
      .catch(() => {})
      .finally(() => {
        if (hadController) window.location.reload()
      })
  })
  sw.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string }>) => {
    const url = event.data?.url
    if (event.data?.type === 'NAVIGATE' && url?.startsWith('/') && !url.startsWith('//')) void router.navigate(url)
  })

  window.addEventListener('load', () => {
    sw.register('/sw.js', { scope: '/' })
      .then((registration) => {
        skipWaiting(registration.waiting)
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && sw.controller) skipWaiting(installing)
          })
        })
        setInterval(() => void registration.update().catch(() => {}), SW_UPDATE_CHECK_MS)
      })
      .catch((error: unknown) => console.error('Service worker registration failed', error))
  })
}

registerServiceWorker()
document.documentElement.dataset.app = 'started' // index.html's startup recovery checks this

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ThemeSync />
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
)
