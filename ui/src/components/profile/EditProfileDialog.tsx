import { useEffect, useId, useRef } from 'react'
import type { OwnUser } from '../../lib/users'
import { XIcon } from '../ui/icons'
import { ProfileForm } from './ProfileForm'

/** EditProfileDialog: the same form as the completion modal, but dismissable. */
export function EditProfileDialog({ user, open, onClose }: { user: OwnUser; open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box max-w-lg">
        <div className="mb-5 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-bold">
            Edit Profile
          </h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label="Close" onClick={onClose}>
            <XIcon className="size-4" />
          </button>
        </div>
        {open && (
          <ProfileForm
            user={user}
            onSaved={onClose}
            actions={
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                Cancel
              </button>
            }
          />
        )}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  )
}
