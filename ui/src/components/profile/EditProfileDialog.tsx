import type { OwnUser } from '../../lib/users'
import { Modal } from '../ui/Modal'
import { ProfileForm } from './ProfileForm'

/** EditProfileDialog: the same form as the completion modal, but dismissable. */
export function EditProfileDialog({ user, open, onClose }: { user: OwnUser; open: boolean; onClose: () => void }) {
  if (!open) return null
  return (
    <Modal title="Edit Profile" onClose={onClose}>
      <ProfileForm
        user={user}
        onSaved={onClose}
        actions={
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
        }
      />
    </Modal>
  )
}
