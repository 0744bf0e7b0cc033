import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { PickedTitle } from '../../lib/diary'
import { displayName } from '../../lib/users'
import { communityRatingQuery } from '../../queries/catalog'
import { titleListsQuery } from '../../queries/lists'
import { BookmarkIcon } from '../ui/icons'
import { AddToListDialog } from './AddToListDialog'

/** AddToListButton: 'Add to list' for a title, opening the list chooser. */
export function AddToListButton({ title, className = 'btn btn-outline btn-sm' }: { title: PickedTitle; className?: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <BookmarkIcon className="size-4" aria-hidden="true" /> Add to list
      </button>
      {open && <AddToListDialog title={title} onClose={() => setOpen(false)} />}
    </>
  )
}

/**
 * TitleLists: a title page's 'Add to list' and 'In N lists by friends'. The count comes with
 * the title's community rating, which the page reads anyway; the lists themselves load when
 * the member opens it.
 */
export function TitleLists({ title }: { title: PickedTitle }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const { data } = useQuery(communityRatingQuery(title.kind, title.id))
  const count = data?.friendsLists ?? 0
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <AddToListButton title={title} />
      {count > 0 && (
        <div className="text-sm text-base-content/70" data-testid="friends-lists">
          <button type="button" className="link link-hover" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            In {count} {count === 1 ? 'list' : 'lists'} by friends
          </button>
          {open && <FriendsLists id={panelId} title={title} />}
        </div>
      )}
    </div>
  )
}

/** FriendsLists: the lists of 'In N lists by friends' once opened, most recently changed first. */
function FriendsLists({ id, title }: { id: string; title: PickedTitle }) {
  const { data, isPending, isError, refetch } = useQuery(titleListsQuery(title.kind, title.id))
  if (isPending) {
    return (
      <p id={id} role="status" className="mt-1">
        <span className="loading loading-dots loading-xs" aria-hidden="true" /> Loading lists…
      </p>
    )
  }
  if (isError) {
    return (
      <p id={id} role="alert" className="mt-1">
        Could not load the lists.{' '}
        <button type="button" className="link" onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    )
  }
  return (
    <ul id={id} className="mt-1 flex flex-col gap-1">
      {data.lists.map((l) => (
        <li key={l.id}>
          <Link to={`/list/${l.id}`} className="link">
            {l.name}
          </Link>{' '}
          by {displayName(l.owner)}
        </li>
      ))}
    </ul>
  )
}
