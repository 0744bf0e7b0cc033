import { Link } from 'react-router'
import { Wordmark } from '../components/layout/Logo'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { useCurrentUser } from '../queries/auth'

/** NotFound: any path the app does not know (SPEC §2). */
export default function NotFound() {
  useDocumentTitle('Page not found')
  const { data: user } = useCurrentUser()
  const body = (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <p className="text-gradient text-8xl font-black tracking-tighter">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-base-content/70">
        This scene didn&apos;t make the final cut. The page you are looking for doesn&apos;t exist or has moved.
      </p>
      <Link to="/" className="btn btn-primary mt-8">
        {user ? 'Back to your feed' : 'Go to the home page'}
      </Link>
    </div>
  )
  if (user) return body
  return (
    <div className="min-h-dvh bg-base-200 px-4">
      <header className="mx-auto flex max-w-6xl items-center py-4">
        <Link to="/" aria-label="CineCircle home">
          <Wordmark />
        </Link>
      </header>
      <main>{body}</main>
    </div>
  )
}
