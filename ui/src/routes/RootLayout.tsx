import { lazy, Suspense, useEffect } from 'react'
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router'
import { HomeSkeleton } from '../components/layout/HomeSkeleton'
import { OfflineBanner } from '../components/pwa/OfflineBanner'
import { FullScreenSpinner } from '../components/ui/Spinner'
import { loginPath } from '../lib/navigation'
import { useCurrentUser } from '../queries/auth'
import { startHome } from './homeStart'

// The member's shell loads on demand: visitors (landing, sign-in) never download it.
const AppShell = lazy(() => import('../components/layout/AppShell').then((m) => ({ default: m.AppShell })))

/**
 * RootLayout: learns who is here (the home's skeleton at /, a full-screen spinner
 * elsewhere), then frames the page: members get the app shell, visitors the bare page
 * (landing, sign-in).
 */
export function RootLayout() {
  const { data: user, isPending, error } = useCurrentUser()
  const { pathname } = useLocation()
  const memberAtHome = !!user && pathname === '/'
  useEffect(() => {
    if (memberAtHome) startHome() // the home page and its feed load alongside the shell
  }, [memberAtHome])
  // At / the home's own frame shows while the app learns who is here (index.html paints
  // the same first); elsewhere a spinner.
  const loading = pathname === '/' ? <HomeSkeleton /> : <FullScreenSpinner />
  if (isPending) return loading
  if (error) throw error
  return (
    <>
      <ScrollRestoration />
      <OfflineBanner />
      {user ? (
        <Suspense fallback={loading}>
          <AppShell user={user} />
        </Suspense>
      ) : (
        <Outlet />
      )}
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
