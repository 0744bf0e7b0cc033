import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { AchievementBadges } from '../components/challenges/AchievementBadges'
import { openAddDialog } from '../components/diary/addDialogStore'
import { Analytics } from '../components/profile/Analytics'
import { DiaryEmpty, DiaryList } from '../components/profile/DiaryList'
import { FavoritesRow } from '../components/lists/FavoritesRow'
import { ProfileLists } from '../components/lists/ProfileLists'
import { EditProfileDialog } from '../components/profile/EditProfileDialog'
import { FollowButton } from '../components/profile/FollowButton'
import { ProfileCard } from '../components/profile/ProfileCard'
import { ProfileTotals } from '../components/profile/ProfileTotals'
import { ReviewsList } from '../components/profile/ReviewsList'
import { ProfileMenu } from '../components/moderation/MemberMenus'
import { WatchingNow } from '../components/scrobble/WatchingNow'
import { EmptyState } from '../components/ui/EmptyState'
import { PlusIcon, UserIcon } from '../components/ui/icons'
import { ParamTabs, useTabParam } from '../components/ui/ParamTabs'
import { Spinner } from '../components/ui/Spinner'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { displayName, type OwnUser } from '../lib/users'
import { useCurrentUser } from '../queries/auth'
import { isNotFound } from '../queries/catalog'
import { profileQuery } from '../queries/diary'

const tabs = [
  { value: 'diary', label: 'Diary' },
  { value: 'reviews', label: 'Reviews' },
  { value: 'lists', label: 'Lists' },
  { value: 'analytics', label: 'Analytics' },
] as const

/** Profile (/profile, /profile/:userId): yours without an id (or 'me'), else that member's. */
export default function Profile() {
  const { userId } = useParams()
  const { data: me } = useCurrentUser()
  if (!me) return null
  const id = !userId || userId === 'me' ? me.id : userId
  return <ProfileView key={id} userId={id} me={me} />
}

function ProfileView({ userId, me }: { userId: string; me: OwnUser }) {
  const query = useQuery(profileQuery(userId))
  const tab = useTabParam('tab', tabs)
  const [editing, setEditing] = useState(false)
  const navigate = useNavigate()
  const isMe = userId === me.id
  const user = isMe ? me : query.data?.user
  useDocumentTitle(user ? displayName(user) : 'Profile')
  if (query.isPending) {
    return (
      <div className="grid min-h-[40vh] place-items-center">
        <Spinner label="Loading profile" className="loading-lg" />
      </div>
    )
  }
  if (query.isError) return <ProfileProblem notFound={isNotFound(query.error)} onRetry={() => void query.refetch()} />
  const profile = query.data
  const name = displayName(user)
  const empty = isMe ? (
    <DiaryEmpty
      title="No diary entries yet"
      action={
        <button type="button" className="btn btn-primary" onClick={() => openAddDialog()}>
          <PlusIcon className="size-4" /> Log a Movie or Show
        </button>
      }
    >
      Movies and shows you log will appear here, with your ratings and reviews.
    </DiaryEmpty>
  ) : (
    <DiaryEmpty title="Nothing logged yet">{name} hasn&apos;t logged any movies or shows yet.</DiaryEmpty>
  )
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <ProfileCard
        user={user ?? profile.user}
        email={isMe ? me.email : undefined}
        counts={{ followers: profile.followerCount, following: profile.followingCount }}
        about={{ bio: profile.bio ?? '', website: profile.website ?? '' }}
        actions={
          isMe ? (
            <div className="flex gap-2">
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(true)}>
                Edit Profile
              </button>
              <Link to="/settings" className="btn btn-ghost btn-sm">
                Settings
              </Link>
            </div>
          ) : (
            <div className="flex items-center gap-1">
              <FollowButton user={profile.user} following={profile.isFollowing} />
              <ProfileMenu user={profile.user} onBlocked={() => navigate('/')} />
            </div>
          )
        }
      />
      <FavoritesRow userId={userId} isMe={isMe} />
      <WatchingNow userId={userId} />
      <ProfileTotals totals={profile.totals} />
      <section aria-labelledby="profile-achievements" className="grid gap-2">
        <h2 id="profile-achievements" className="text-sm font-semibold text-base-content/70">
          Achievements
        </h2>
        <AchievementBadges userId={isMe ? undefined : userId} compact />
      </section>
      <div>
        <ParamTabs tabs={tabs} label="Profile sections" />
        <div role="tabpanel" aria-label={tabs.find((t) => t.value === tab)?.label}>
          {tab === 'diary' && <DiaryList userId={userId} empty={empty} />}
          {tab === 'reviews' && (
            <ReviewsList
              userId={userId}
              empty={<DiaryEmpty title="No reviews yet">{isMe ? 'Reviews you write when logging a title appear here.' : `${name} hasn’t written any reviews yet.`}</DiaryEmpty>}
            />
          )}
          {tab === 'lists' && <ProfileLists userId={userId} isMe={isMe} name={name} />}
          {tab === 'analytics' && (
            <>
              {isMe && (
                <Link to={`/year/${new Date().getUTCFullYear()}`} className="btn btn-secondary btn-sm mb-4">
                  Your Year in Review
                </Link>
              )}
              <Analytics profile={profile} />
            </>
          )}
        </div>
      </div>
      {isMe && <EditProfileDialog user={me} open={editing} onClose={() => setEditing(false)} />}
    </div>
  )
}

function ProfileProblem({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  if (!notFound) {
    return (
      <div role="alert" className="alert alert-error alert-soft mx-auto max-w-4xl">
        <span>This profile could not be loaded.</span>
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    )
  }
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
