import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useCurrentUser } from '../../queries/auth'
import { settingsQuery } from '../../queries/settings'
import { ProfileForm } from '../profile/ProfileForm'
import { PageHeader } from '../ui/PageHeader'
import { Spinner } from '../ui/Spinner'
import { AboutForm } from './AboutForm'
import { PhotoCard } from './PhotoCard'

/** ProfileSection (/settings/profile): how others see you: photo, name, bio and website. */
export default function ProfileSection() {
  const { data: me } = useCurrentUser()
  const settings = useQuery(settingsQuery())
  if (!me) return null
  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader
        title="Profile"
        actions={
          <Link to="/profile" className="btn btn-ghost btn-sm">
            View profile
          </Link>
        }
      >
        How other members see you.
      </PageHeader>
      <PhotoCard user={me} />
      <section aria-labelledby="name-heading" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h2 id="name-heading" className="font-semibold">
            Name
          </h2>
          <ProfileForm user={me} autoFocus={false} />
        </div>
      </section>
      <section aria-labelledby="about-heading" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h2 id="about-heading" className="font-semibold">
            About you
          </h2>
          {settings.isPending ? (
            <Spinner label="Loading your bio" />
          ) : settings.isError ? (
            <div role="alert" className="alert alert-error alert-soft">
              <span>Could not load your bio.</span>
              <button type="button" className="btn btn-sm" onClick={() => void settings.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            <AboutForm settings={settings.data} />
          )}
        </div>
      </section>
    </div>
  )
}
