import { useQuery } from '@tanstack/react-query'
import { displayName } from '../../lib/users'
import { useEditors, type ListDetail } from '../../queries/lists'
import { followingQuery } from '../../queries/social'
import { Avatar } from '../ui/Avatar'
import { Modal } from '../ui/Modal'

/** EditorsDialog: the owner invites people they follow to edit the list, or removes them. */
export function EditorsDialog({ list, onClose }: { list: ListDetail; onClose: () => void }) {
  const following = useQuery(followingQuery())
  const { invite, remove } = useEditors(list.id)
  const editorIds = new Set(list.editors.map((e) => e.id))
  const people = following.data ?? []
  return (
    <Modal title="Editors" description="Editors add, remove, annotate and reorder titles. Only you rename, share or delete the list." onClose={onClose}>
      {following.isPending ? (
        <p className="text-sm text-base-content/60">Loading…</p>
      ) : people.length === 0 ? (
        <p className="text-sm text-base-content/70">Follow someone first to invite them.</p>
      ) : (
        <ul className="grid max-h-72 gap-1 overflow-y-auto" aria-label="People you follow">
          {people.map((u) => {
            const isEditor = editorIds.has(u.id)
            return (
              <li key={u.id} className="flex items-center gap-3 rounded-field px-2 py-1.5">
                <Avatar user={u} size="xs" />
                <span className="min-w-0 flex-1 truncate">{displayName(u)}</span>
                {isEditor ? (
                  <button type="button" className="btn btn-ghost btn-xs" disabled={remove.isPending} onClick={() => remove.mutate(u.id)}>
                    Remove
                  </button>
                ) : (
                  <button type="button" className="btn btn-primary btn-xs" disabled={invite.isPending} onClick={() => invite.mutate(u.id)} aria-label={`Invite ${displayName(u)}`}>
                    Invite
                  </button>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </Modal>
  )
}
