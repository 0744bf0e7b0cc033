import { Landing } from '../components/landing/Landing'
import { useCurrentUser } from '../queries/auth'
import Home from './Home'

/** Index (/): the home feed for members, the landing page for visitors (SPEC §2). */
export default function Index() {
  const { data: user } = useCurrentUser()
  return user ? <Home user={user} /> : <Landing />
}
