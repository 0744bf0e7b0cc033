import { lazy, Suspense, useState } from 'react'
import type { PickedTitle } from '../../lib/diary'
import type { Activity } from '../../lib/feed'
import { displayName, type UserLike } from '../../lib/users'
import { Menu, type MenuItem } from '../feed/Menu'
import { DotsIcon, OwnerMenu } from '../feed/OwnerMenu'
import { lazyDialog } from '../ui/lazyDialog'
import type { ModerationDialog } from './ModerationDialogs'

const AddToListDialog = lazyDialog(() => import('../lists/AddToListDialog').then((m) => m.AddToListDialog))

const FlagIcon = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 8 2a6 6 0 0 0 3.6-1.2 1 1 0 0 1 1.4.9v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.5" />
  </svg>
)

const loadModerationDialogs = () => import('./ModerationDialogs')
const ModerationDialogs = lazy(loadModerationDialogs)
/** preloadModerationDialogs: for the report and block items, so their dialog opens at once. */
const preloadModerationDialogs = () => void loadModerationDialogs()

/** useModerationDialog: which report or block dialog is open, and the element that draws it. */
function useModerationDialog(onBlocked?: () => void) {
  const [dialog, setDialog] = useState<ModerationDialog | null>(null)
  const element = dialog && (
    <Suspense fallback={null}>
      <ModerationDialogs dialog={dialog} onClose={() => setDialog(null)} onBlocked={onBlocked} />
    </Suspense>
  )
  return { open: setDialog, element }
}

/**
 * PostMenu: a post's menu. Its author gets Edit Post and Delete Post (OwnerMenu); anyone
 * else may report the post or block its author.
 */
export function PostMenu({
  activity,
  currentUserId,
  titleName,
  canEdit = true,
  title,
}: {
  activity: Activity
  currentUserId: string
  titleName?: string
  canEdit?: boolean
  /** The title the post is about: the menu offers Add to list. */
  title?: PickedTitle
}) {
  const { open, element } = useModerationDialog()
  const [adding, setAdding] = useState(false)
  const listItems: MenuItem[] = title ? [{ key: 'list', label: 'Add to list', onSelect: () => setAdding(true), preload: AddToListDialog.preload }] : []
  const addDialog = adding && title ? <AddToListDialog title={title} onClose={() => setAdding(false)} /> : null
  if (activity.userId === currentUserId) {
    return (
      <>
        <OwnerMenu activity={activity} titleName={titleName} canEdit={canEdit} extraItems={listItems} />
        {addDialog}
      </>
    )
  }
  const name = displayName(activity.user)
  const items: MenuItem[] = [
    { key: 'report', label: 'Report Post', onSelect: () => open({ kind: 'report', entityType: 'activity', entityId: activity.id }), preload: preloadModerationDialogs },
    // A watch together kept after its author deleted their account has nobody to block.
    ...(activity.userId
      ? [{ key: 'block', label: `Block ${name}`, danger: true, onSelect: () => open({ kind: 'block', userId: activity.userId, name }), preload: preloadModerationDialogs }]
      : []),
    ...listItems,
  ]
  return (
    <>
      <Menu label="Post options" button={<DotsIcon />} buttonClassName="btn btn-ghost btn-sm btn-circle -mt-1 -mr-2" items={items} />
      {element}
      {addDialog}
    </>
  )
}

/** ProfileMenu: on another member's profile, report them or block them. */
export function ProfileMenu({ user, onBlocked }: { user: UserLike & { id: string }; onBlocked?: () => void }) {
  const { open, element } = useModerationDialog(onBlocked)
  const name = displayName(user)
  const items: MenuItem[] = [
    { key: 'report', label: 'Report Member', onSelect: () => open({ kind: 'report', entityType: 'user', entityId: user.id }), preload: preloadModerationDialogs },
    { key: 'block', label: 'Block Member', danger: true, onSelect: () => open({ kind: 'block', userId: user.id, name }), preload: preloadModerationDialogs },
  ]
  return (
    <>
      <Menu label="Member options" button={<DotsIcon />} buttonClassName="btn btn-ghost btn-sm btn-circle" items={items} />
      {element}
    </>
  )
}

/** ReportCommentButton: the flag under someone else's comment. */
export function ReportCommentButton({ commentId }: { commentId: string }) {
  const { open, element } = useModerationDialog()
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-xs text-base-content/70"
        aria-label="Report comment"
        title="Report comment"
        onPointerEnter={preloadModerationDialogs}
        onFocus={preloadModerationDialogs}
        onClick={() => open({ kind: 'report', entityType: 'comment', entityId: commentId })}
      >
        <FlagIcon className="size-3.5" />
      </button>
      {element}
    </>
  )
}
