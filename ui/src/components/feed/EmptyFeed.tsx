import { Link } from 'react-router'
import { openAddDialog, preloadAddDialog } from '../diary/addDialogStore'
import { EmptyState } from '../ui/EmptyState'
import { FilmIcon, PlusIcon, UsersIcon } from '../ui/icons'

/** EmptyFeed: what the feed says before anyone you follow has done anything (SPEC §2). */
export function EmptyFeed() {
  return (
    <EmptyState
      icon={<FilmIcon className="size-7" />}
      title="Nothing here yet"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => openAddDialog({ kind: 'movie' })}
            onPointerEnter={preloadAddDialog}
            onFocus={preloadAddDialog}
          >
            <PlusIcon className="size-4" /> Add Your First Movie
          </button>
          <Link to="/friends?tab=discover" className="btn btn-ghost">
            <UsersIcon className="size-4" /> Find Friends
          </Link>
        </div>
      }
    >
      Your feed is empty. Start following friends or add some movies to get started!
    </EmptyState>
  )
}
