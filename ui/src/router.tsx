import { lazy, Suspense, type ComponentType } from 'react'
import { createBrowserRouter, Navigate } from 'react-router'
import { RouteErrorFallback } from './components/ErrorFallback'
import { settingsSections } from './components/settings/sections'
import { PageSpinner } from './components/ui/Spinner'
import Index from './routes/Index'
import { RequireAuth, RootLayout } from './routes/RootLayout'

/** lazyPage loads a page on first visit (only the landing's code loads up front), with a spinner meanwhile (SPEC §2). */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load)
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  )
}

/** The routes of SPEC §2. Everything but the landing page and sign-in needs a member. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      { index: true, element: <Index /> },
      { path: 'login', element: lazyPage(() => import('./routes/Login')) },
      { path: 'reset-password/:token', element: lazyPage(() => import('./routes/ResetPassword')) },
      { path: 'confirm-email', element: lazyPage(() => import('./routes/ConfirmEmail')) },
      { path: 'confirm-email-change', element: lazyPage(() => import('./routes/ConfirmEmailChange')) },
      { path: 'about', element: lazyPage(() => import('./routes/About')) },
      { path: 'u/:handle', element: lazyPage(() => import('./routes/PublicPage')) },
      { path: 'u/:handle/review/:activityId', element: lazyPage(() => import('./routes/PublicPage')) },
      { path: 'u/:handle/year/:yyyy', element: lazyPage(() => import('./routes/PublicPage')) },
      { path: 'u/:handle/list/:listId', element: lazyPage(() => import('./routes/PublicPage')) },
      {
        element: <RequireAuth />,
        children: [
          { path: 'search', element: lazyPage(() => import('./routes/Search')) },
          { path: 'movie/:id', element: lazyPage(() => import('./routes/Movie')) },
          { path: 'tv/:id', element: lazyPage(() => import('./routes/Tv')) },
          { path: 'watchlist', element: lazyPage(() => import('./routes/Watchlist')) },
          { path: 'calendar', element: lazyPage(() => import('./routes/Calendar')) },
          { path: 'friends', element: lazyPage(() => import('./routes/Friends')) },
          { path: 'challenges', element: lazyPage(() => import('./routes/Challenges')) },
          { path: 'lists', element: lazyPage(() => import('./routes/Lists')) },
          { path: 'list/:id', element: lazyPage(() => import('./routes/ListPage')) },
          { path: 'profile', element: lazyPage(() => import('./routes/Profile')) },
          { path: 'profile/:userId', element: lazyPage(() => import('./routes/Profile')) },
          { path: 'year/:yyyy', element: lazyPage(() => import('./routes/Year')) },
          {
            path: 'settings',
            element: lazyPage(() => import('./routes/Settings')),
            children: [
              { index: true, element: <Navigate to="profile" replace /> },
              ...settingsSections.map((s) => ({ path: s.path, element: lazyPage(s.load) })),
            ],
          },
        ],
      },
      { path: '*', element: lazyPage(() => import('./routes/NotFound')) },
    ],
  },
])
