import { useBlockMember } from '../../queries/moderation'
import { Modal } from '../ui/Modal'

/** BlockDialog: asks before blocking a member, saying what blocking does. */
export function BlockDialog({ userId, name, onClose, onBlocked }: { userId: string; name: string; onClose: () => void; onBlocked?: () => void }) {
  const block = useBlockMember()
  return (
    <Modal title={`Block ${name}?`} onClose={onClose} className="max-w-sm">
      <p className="text-base-content/80">
        They won&apos;t be able to follow you, see your posts, like them or comment on them, and you won&apos;t see theirs.
        Following between you ends. You can unblock them from Blocked Members on your profile.
      </p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onClose} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-error"
          disabled={block.isPending}
          onClick={() =>
            block.mutate(
              { userId, block: true, name },
              {
                onSuccess: () => {
                  onClose()
                  onBlocked?.()
                },
              },
            )
          }
        >
          Block
        </button>
      </div>
    </Modal>
  )
}
