import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { PickedTitle } from '../../lib/diary'
import { displayName } from '../../lib/users'
import { useRecommend } from '../../queries/collab'
import { followingQuery } from '../../queries/social'
import { Avatar } from '../ui/Avatar'
import { Modal } from '../ui/Modal'

/** The longest note a recommendation carries. */
const MAX_NOTE = 500

/**
 * RecommendDialog: recommend a title to people you follow (a checkbox per member) with an
 * optional note; POST /api/recommendations. Render it only while open.
 */
export function RecommendDialog({ title, onClose }: { title: PickedTitle; onClose: () => void }) {
  const following = useQuery(followingQuery())
  const [picked, setPicked] = useState<string[]>([])
  const [note, setNote] = useState('')
  const send = useRecommend()
  const people = following.data ?? []

  const toggle = (id: string, on: boolean) => setPicked((list) => (on ? [...list, id] : list.filter((x) => x !== id)))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!picked.length || send.isPending) return
    send.mutate({ kind: title.kind, titleId: title.id, userIds: picked, message: note }, { onSuccess: onClose })
  }

  return (
    <Modal title={`Recommend ${title.title}`} description="Pick the people you follow who should see it." onClose={onClose}>
      <form className="grid gap-4" onSubmit={submit}>
        {following.isPending ? (
          <p className="text-sm text-base-content/60">Loading…</p>
        ) : people.length === 0 ? (
          <p className="text-sm text-base-content/70">Follow someone first to recommend titles to them.</p>
        ) : (
          <fieldset className="grid max-h-64 gap-1 overflow-y-auto">
            <legend className="sr-only">People you follow</legend>
            {people.map((u) => (
              <label key={u.id} className="flex cursor-pointer items-center gap-3 rounded-field px-2 py-1.5 hover:bg-base-200">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary checkbox-sm"
                  checked={picked.includes(u.id)}
                  onChange={(e) => toggle(u.id, e.target.checked)}
                />
                <Avatar user={u} size="xs" />
                <span className="min-w-0 truncate">{displayName(u)}</span>
              </label>
            ))}
          </fieldset>
        )}
        <label className="grid gap-1.5 text-sm font-medium">
          <span>
            Note <span className="font-normal text-base-content/60">(optional)</span>
          </span>
          <textarea className="textarea w-full" rows={3} maxLength={MAX_NOTE} value={note} onChange={(e) => setNote(e.target.value)} placeholder="Why they'll love it" />
        </label>
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!picked.length || send.isPending}>
            {send.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Send Recommendation
          </button>
        </div>
      </form>
    </Modal>
  )
}

/** RecommendButton: the title page's 'Recommend' and its dialog. */
export function RecommendButton({ title }: { title: PickedTitle }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        Recommend
      </button>
      {open && <RecommendDialog title={title} onClose={() => setOpen(false)} />}
    </>
  )
}
