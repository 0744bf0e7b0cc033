import { useId } from 'react'
import type { OwnUser } from '../../lib/users'
import { ProfileForm } from './ProfileForm'

/**
 * CompleteProfileModal (SPEC §2, §4): opens by itself while the member's profile needs
 * completing and cannot be dismissed (no close button; Escape and clicks outside do
 * nothing). The rest of the page is inert meanwhile (AppShell), which keeps focus here.
 * It closes when the saved profile no longer needs completing.
 */
export function CompleteProfileModal({ user }: { user: OwnUser }) {
  const titleId = useId()
  const descriptionId = useId()
  return (
    <div className="modal modal-open modal-bottom sm:modal-middle" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descriptionId}>
      <div className="modal-box max-w-lg">
        <h2 id={titleId} className="text-xl font-bold">
          Complete Your Profile
        </h2>
        <p id={descriptionId} className="mt-1 mb-5 text-sm text-base-content/70">
          Tell your friends who you are. Your name appears on your reviews, ratings and in their feed.
        </p>
        <ProfileForm user={user} />
      </div>
      <div className="modal-backdrop bg-black/50 backdrop-blur-[2px]" aria-hidden="true" />
    </div>
  )
}
