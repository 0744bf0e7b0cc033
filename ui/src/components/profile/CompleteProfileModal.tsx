import type { OwnUser } from '../../lib/users'
import { Modal } from '../ui/Modal'
import { ProfileForm } from './ProfileForm'

/**
 * CompleteProfileModal (SPEC §2, §4): opens by itself while the member's profile needs
 * completing and cannot be dismissed (no close button; Escape and clicks outside do
 * nothing) until a first name is saved: it closes when the saved profile no longer needs
 * completing (AppShell stops rendering it). The rest of the page is inert meanwhile.
 */
export function CompleteProfileModal({ user }: { user: OwnUser }) {
  return (
    <Modal
      title="Complete Your Profile"
      description="Tell your friends who you are. Your name appears on your reviews, ratings and in their feed."
      onClose={() => {}}
      dismissible={false}
    >
      <ProfileForm user={user} />
    </Modal>
  )
}
