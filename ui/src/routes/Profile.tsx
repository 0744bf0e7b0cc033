import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { EditProfileDialog } from '../components/profile/EditProfileDialog'
import { ProfileCard } from '../components/profile/ProfileCard'
import { EmptyState } from '../components/ui/EmptyState'
import { FilmIcon, UserIcon } from '../components/ui/icons'
import { Spinner } from '../components/ui/Spinner'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { displayName, type OwnUser } from '../lib/users'
import { useCurrentUser } from '../queries/auth'
import { userQuery } from '../queries/users'

/** Profile (/profile, /profile/:userId): yours without an id (or 'me'), else that member's. */
export default function Profile() {
  const { userId } = useParams()
  const { data: me } = useCurrentUser()
  if (!me) return null
  if (!userId || userId === 'me' || userId === me.id) return <OwnProfile user={me} />
  return <MemberProfile id={userId} />
}

function OwnProfile({ user }: { user: OwnUser }) {
  useDocumentTitle(displayName(user))
  const [editing, setEditing] = useState(false)
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <ProfileCard
        user={user}
        email={user.email}
        actions={
          <div className="flex gap-2">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(true)}>
              Edit Profile
            </button>
            <Link to="/settings/password" className="btn btn-ghost btn-sm">
              Change Password
            </Link>
          </div>
        }
      />
      <EmptyState icon={<FilmIcon className="size-7" />} title="No diary entries yet">
        Movies and shows you log will appear here, with your ratings and reviews.
      </EmptyState>
      <EditProfileDialog user={user} open={editing} onClose={() => setEditing(false)} />
    </div>
  )
}

function MemberProfile({ id }: { id: string }) {
  const query = useQuery(userQuery(id))
  useDocumentTitle(query.data ? displayName(query.data) : 'Profile')
  if (query.isPending) {
    return (
      <div className="grid min-h-[40vh] place-items-center">
        <Spinner label="Loading profile" className="loading-lg" />
      </div>
    )
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={<UserIcon className="size-7" />}
        title="Member not found"
        action={
          <Link to="/friends?tab=discover" className="btn btn-primary">
            Find friends
          </Link>
        }
      >
        This profile doesn&apos;t exist or isn&apos;t available.
      </EmptyState>
    )
  }
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <ProfileCard user={query.data} />
    </div>
  )
}
