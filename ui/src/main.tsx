import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppErrorBoundary } from './components/ErrorFallback'
import { Toaster } from './components/ui/Toaster'
import { ThemeSync } from './components/ThemeSync'
import { queryClient, startStaleQueryPurge } from './lib/queryClient'
import { router } from './router'
import './index.css'

startStaleQueryPurge(queryClient)

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
