import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router'
import { AppShell } from '../components/layout/AppShell'
import { OfflineBanner } from '../components/pwa/OfflineBanner'
import { FullScreenSpinner } from '../components/ui/Spinner'
import { loginPath } from '../lib/navigation'
import { useCurrentUser } from '../queries/auth'

/**
 * RootLayout: learns who is here (full-screen spinner meanwhile), then frames the page:
 * members get the app shell, visitors the bare page (landing, sign-in).
 */
export function RootLayout() {
  const { data: user, isPending, error } = useCurrentUser()
  if (isPending) return <FullScreenSpinner />
  if (error) throw error
  return (
    <>
      <ScrollRestoration />
      <OfflineBanner />
      {user ? <AppShell user={user} /> : <Outlet />}
    </>
  )
}

/** RequireAuth sends a visitor to sign in, carrying the page they wanted (SPEC §2). */
export function RequireAuth() {
  const { data: user } = useCurrentUser()
  const { pathname, search, hash } = useLocation()
  if (!user) return <Navigate to={loginPath(pathname, search, hash)} replace />
  return <Outlet />
}
