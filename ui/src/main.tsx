import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppErrorBoundary } from './components/ErrorFallback'
import { Toaster } from './components/ui/Toaster'
import { ThemeSync } from './components/ThemeSync'
import { queryClient } from './lib/queryClient'
import { registerServiceWorker } from './lib/serviceWorker'
import { currentUserQuery } from './queries/auth'
import { router } from './router'
import './index.css'
// The browser's install offer can arrive before the member's shell (and lib/pwa with it)
// loads: index.html's startup script (src/startup/installOffer.js) keeps it meanwhile.

// Who is here decides everything the first page loads: index.html's startup script asked
// already (src/startup/earlyUser.js), and the fetcher takes that answer (startup/early.ts).
void queryClient.prefetchQuery(currentUserQuery())

// The service worker runs in production builds only (SPEC §4; lib/serviceWorker.ts).
if (import.meta.env.PROD) void registerServiceWorker((path) => void router.navigate(path))
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
