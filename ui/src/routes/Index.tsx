import { lazy, Suspense } from 'react'
import { HomeBodySkeleton } from '../components/layout/HomeSkeleton'
import { PageSpinner } from '../components/ui/Spinner'
import { useCurrentUser } from '../queries/auth'
import { loadHome } from './homeStart'

// Each side loads on demand, so a visitor never downloads the feed and a member never the
// landing (first-load JavaScript budgets, issue: performance).
const Landing = lazy(() => import('../components/landing/Landing').then((m) => ({ default: m.Landing })))
const Home = lazy(loadHome)

/** Index (/): the home feed for members, the landing page for visitors (SPEC §2). */
export default function Index() {
  const { data: user } = useCurrentUser()
  return <Suspense fallback={user ? <HomeBodySkeleton /> : <PageSpinner />}>{user ? <Home user={user} /> : <Landing />}</Suspense>
}
