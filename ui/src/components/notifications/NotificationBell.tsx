import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useDismiss } from '../../hooks/useDismiss'
import {
  activityAnchor,
  badgeLabel,
  NOTIFICATION_LIST_SIZE,
  NOTIFICATION_POLL_MS,
  notificationTarget,
  type AppNotification,
} from '../../lib/notifications'
import { startRealtime, useRealtimeConnected } from '../../lib/realtime'
import { timeAgo } from '../../lib/time'
import {
  notificationSettingsQuery,
  notificationsQuery,
  unreadCountQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useUpdateNotificationSettings,
} from '../../queries/notifications'
import { kindOfEntity } from '../../lib/collab'
import type { CollabRateTarget } from '../collab/CollabRateDialog'
import { Avatar } from '../ui/Avatar'
import { lazyDialog } from '../ui/lazyDialog'

const CollabRateDialog = lazyDialog(() => import('../collab/CollabRateDialog').then((m) => m.CollabRateDialog))

function BellIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={className}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

/**
 * NotificationBell: the header's bell with its unread badge ('99+' at most) and a menu of
 * the 10 newest notifications (SPEC §2, §4, §9). Opening it with unread items marks all
 * read; clicking one marks it read and goes where it points, except that a collaboration's
 * 'Add Your Rating' opens the collaboration Rate dialog. It also keeps the member's
 * realtime subscription: while connected the list and count arrive live, otherwise both
 * are polled every 30 s.
 */
export function NotificationBell() {
  const client = useQueryClient()
  const connected = useRealtimeConnected()
  const poll = connected ? false : NOTIFICATION_POLL_MS
  const { data: unread } = useQuery(unreadCountQuery(poll))
  const { data: list, isPending } = useQuery(notificationsQuery(poll))
  const markAll = useMarkAllNotificationsRead()
  const markOne = useMarkNotificationRead()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [rating, setRating] = useState<CollabRateTarget | null>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()

  useEffect(() => startRealtime(client), [client])

  useDismiss(rootRef, open, (reason) => {
    setOpen(false)
    if (reason === 'escape') buttonRef.current?.focus()
  })

  const count = unread?.count ?? 0
  const label = badgeLabel(count)
  const items = (list ?? []).slice(0, NOTIFICATION_LIST_SIZE)

  const toggle = () => {
    const next = !open
    setOpen(next)
    if (next && (count > 0 || items.some((n) => !n.isRead))) markAll.mutate(undefined)
  }

  const go = (path: string, activityId: string | null) => {
    setOpen(false)
    // The feed scrolls to and highlights the post named by the hash (SPEC §2 anchors).
    if (activityId) {
      void navigate({ pathname: '/', hash: `#${activityAnchor(activityId)}` })
    } else {
      void navigate(path)
    }
  }

  const onItem = (n: AppNotification) => {
    if (!n.isRead) markOne.mutate(n.id)
    const target = notificationTarget(n)
    if (target.addRating) return // collaborations act through 'Add Your Rating'
    go(target.path, target.activityId)
  }

  // 'Add Your Rating' opens the collaboration Rate dialog for the notification's title
  // (SPEC §4); a notification naming no title still leads to its post.
  const addRating = (n: AppNotification) => {
    const kind = kindOfEntity(n.entityType)
    const titleId = Number(n.entityId)
    if (!kind || !Number.isFinite(titleId) || titleId <= 0) {
      const target = notificationTarget(n)
      go(target.path, target.activityId)
      return
    }
    setOpen(false)
    buttonRef.current?.focus() // the bell is what the dialog gives focus back to
    setRating({ kind, titleId })
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-square relative text-base-content/70"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <BellIcon />
        {/* The name comes from the content, 'Notifications (5 unread)', so the visible count is part of it. */}
        <span className="sr-only">Notifications</span>
        {label && (
          <span className="badge badge-error badge-xs absolute -top-0.5 -right-0.5 h-4 min-w-4 px-1 text-[10px] font-bold">
            <span className="sr-only"> (</span>
            <span data-testid="notification-badge">{label}</span>
            <span className="sr-only"> unread)</span>
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="menu-pop absolute right-0 z-50 mt-2 w-[22rem] max-w-[calc(100vw-2rem)] rounded-box border border-base-300 bg-base-100 shadow-2xl"
        >
          <div className="border-b border-base-300 px-4 py-3 font-semibold">Notifications</div>
          {isPending ? (
            <p className="p-6 text-center text-sm text-base-content/60">Loading…</p>
          ) : items.length === 0 ? (
            <p className="p-6 text-center text-sm text-base-content/60">No notifications yet</p>
          ) : (
            <ul className="max-h-[60vh] overflow-y-auto p-1" aria-label="Notification list">
              {items.map((n) => (
                <NotificationRow key={n.id} n={n} onOpen={() => onItem(n)} onAddRating={() => addRating(n)} />
              ))}
            </ul>
          )}
          {open && <NewPostsSetting />}
        </div>
      )}
      {rating && <CollabRateDialog target={rating} onClose={() => setRating(null)} />}
    </div>
  )
}

function NotificationRow({ n, onOpen, onAddRating }: { n: AppNotification; onOpen: () => void; onAddRating: () => void }) {
  const addRating = notificationTarget(n).addRating
  return (
    <li className="relative">
      <button
        type="button"
        className={`flex w-full items-start gap-3 rounded-field px-3 py-2.5 text-left outline-none hover:bg-base-200 focus-visible:bg-base-200 focus-visible:ring-2 focus-visible:ring-primary ${
          n.isRead ? '' : 'bg-primary/5'
        }`}
        onClick={onOpen}
        data-notification-type={n.type}
      >
        <Avatar user={n.actor} size="xs" />
        <span className="min-w-0 flex-1">
          <span className="block text-sm break-words">{n.message}</span>
          <span className="block text-xs text-base-content/60">{timeAgo(n.createdAt)}</span>
        </span>
        {!n.isRead && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" role="img" aria-label="Unread" />}
      </button>
      {addRating && (
        <div className="px-3 pb-2 pl-13">
          <button type="button" className="btn btn-primary btn-xs" onPointerEnter={CollabRateDialog.preload} onFocus={CollabRateDialog.preload} onClick={onAddRating}>
            Add Your Rating
          </button>
        </div>
      )}
    </li>
  )
}

/**
 * NewPostsSetting: whether new posts of followed members notify (DESIGN: on by default),
 * and whether a friend's review of an episode the member watched does.
 */
function NewPostsSetting() {
  const { data } = useQuery(notificationSettingsQuery())
  const update = useUpdateNotificationSettings()
  if (!data) return null
  const value = (key: 'newPosts' | 'episodeReviews') => (update.isPending && update.variables[key] !== undefined ? update.variables[key] : data[key]) ?? true
  return (
    <>
      <label className="flex cursor-pointer items-center justify-between gap-3 border-t border-base-300 px-4 py-2.5 text-sm">
        Notify me about new posts
        <input
          type="checkbox"
          className="toggle toggle-primary toggle-sm"
          checked={value('newPosts')}
          onChange={(e) => update.mutate({ newPosts: e.target.checked })}
        />
      </label>
      <label className="flex cursor-pointer items-center justify-between gap-3 border-t border-base-300 px-4 py-2.5 text-sm">
        Friends&apos; reviews of episodes I&apos;ve watched
        <input
          type="checkbox"
          className="toggle toggle-primary toggle-sm"
          checked={value('episodeReviews')}
          onChange={(e) => update.mutate({ episodeReviews: e.target.checked })}
        />
      </label>
    </>
  )
}
