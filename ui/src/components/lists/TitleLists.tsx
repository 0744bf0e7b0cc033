import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import type { PickedTitle } from '../../lib/diary'
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

/** TitleLists: a title page's 'Add to list' and 'In N lists by friends' (with the first few). */
export function TitleLists({ title }: { title: PickedTitle }) {
  const { data } = useQuery(titleListsQuery(title.kind, title.id))
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      <AddToListButton title={title} />
      {data && data.count > 0 && (
        <p className="text-sm text-base-content/70" data-testid="friends-lists">
          In {data.count} {data.count === 1 ? 'list' : 'lists'} by friends:{' '}
          {data.lists.map((l, i) => (
            <span key={l.id}>
              {i > 0 && ', '}
              <Link to={`/list/${l.id}`} className="link">
                {l.name}
              </Link>
            </span>
          ))}
        </p>
      )}
    </div>
  )
}
