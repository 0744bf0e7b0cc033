import type { OwnUser } from '../../lib/users'
import { openAddDialog, preloadAddDialog } from '../diary/addDialogStore'
import { Avatar } from '../ui/Avatar'
import { PlusIcon } from '../ui/icons'

/**
 * FeedHeaderCard: 'Your Feed' with its display-only badges and the prompt (SPEC §2).
 * The prompt opens the Add Movie or TV Show dialog.
 */
export function FeedHeaderCard({ user }: { user: OwnUser }) {
  return (
    // A click anywhere on the card opens the dialog too (SPEC §2); the prompt is the button
    // keyboards and screen readers use.
    <section
      aria-labelledby="feed-title"
      className="card cursor-pointer border border-base-300 bg-base-100 shadow-sm"
      onClick={(e) => {
        if (!(e.target as Element).closest('button')) openAddDialog()
      }}
    >
      <div className="card-body gap-4 p-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 id="feed-title" className="text-xl font-bold">
            Your Feed
          </h1>
          <div className="flex gap-1.5" role="group" aria-label="Feed filters">
            <span className="badge badge-primary">All</span>
            <span className="badge badge-ghost">Friends</span>
            <span className="badge badge-ghost">Following</span>
          </div>
        </div>
        <button
          type="button"
          onClick={() => openAddDialog()}
          onPointerEnter={preloadAddDialog}
          onFocus={preloadAddDialog}
          className="group flex w-full items-center gap-3 rounded-field border border-base-300 bg-base-200/60 p-2.5 text-left transition-colors hover:border-primary/50 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary"
        >
          <Avatar user={user} size="sm" />
          <span className="flex-1 text-base-content/60">What movie did you watch recently?</span>
          <span className="grid size-8 place-items-center rounded-full bg-primary text-primary-content transition-transform group-hover:scale-105">
            <PlusIcon className="size-4" />
          </span>
        </button>
      </div>
    </section>
  )
}
