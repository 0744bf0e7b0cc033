import { useState } from 'react'
import type { Activity } from '../../lib/feed'
import { useDeleteActivity, useEditActivity } from '../../queries/feed'
import { lazyDialog } from '../ui/lazyDialog'
import { Modal } from '../ui/Modal'
import { TrashIcon } from '../ui/icons'
import { Menu, type MenuItem } from './Menu'

const EditReviewDialog = lazyDialog(() => import('../diary/EditReviewDialog').then((m) => m.EditReviewDialog))

/** DotsIcon: the ⋯ of a post's or member's options menu. */
export const DotsIcon = () => (
  <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true" focusable="false">
    <circle cx="5" cy="12" r="1.8" />
    <circle cx="12" cy="12" r="1.8" />
    <circle cx="19" cy="12" r="1.8" />
  </svg>
)

/**
 * OwnerMenu: what only the post's author sees (SPEC §6): Edit Post (the Edit Review
 * dialog; not for episode reviews) and Delete Post, which asks first (SPEC §5).
 */
export function OwnerMenu({
  activity,
  titleName,
  canEdit = true,
  extraItems = [],
}: {
  activity: Activity
  titleName?: string
  canEdit?: boolean
  /** Items other features add after the post's own (Add to list). */
  extraItems?: readonly MenuItem[]
}) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  const edit = useEditActivity()
  const remove = useDeleteActivity()
  const close = () => setDialog(null)

  const items: MenuItem[] = []
  if (canEdit) items.push({ key: 'edit', label: 'Edit Post', onSelect: () => setDialog('edit'), preload: EditReviewDialog.preload })
  items.push({ key: 'delete', label: 'Delete Post', danger: true, onSelect: () => setDialog('delete') }, ...extraItems)

  return (
    <>
      <Menu label="Post options" button={<DotsIcon />} buttonClassName="btn btn-ghost btn-sm btn-circle -mt-1 -mr-2" items={items} />
      {dialog === 'edit' && (
        <EditReviewDialog
          titleName={titleName}
          initialRating={activity.data?.rating ?? 0}
          initialReview={activity.data?.review ?? ''}
          onClose={close}
          onSave={async ({ rating, review }) => {
            await edit.mutateAsync({ id: activity.id, rating, review })
          }}
        />
      )}
      {dialog === 'delete' && (
        <Modal title="Delete Post" onClose={close} className="max-w-sm">
          <p className="text-base-content/80">Are you sure you want to delete this post? This action cannot be undone.</p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={close} autoFocus>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-error"
              onClick={() => {
                close()
                remove.mutate({ id: activity.id, isEpisodeReview: activity.type === 'episode_review' })
              }}
            >
              <TrashIcon className="size-4" /> Delete
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}
