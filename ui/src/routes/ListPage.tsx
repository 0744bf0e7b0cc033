import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { CardFooter } from '../components/feed/CardParts'
import { EditorsDialog } from '../components/lists/EditorsDialog'
import { ListForm } from '../components/lists/ListForm'
import { ListItems } from '../components/lists/ListItems'
import { EmptyState } from '../components/ui/EmptyState'
import { Modal } from '../components/ui/Modal'
import { Spinner } from '../components/ui/Spinner'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { itemsLabel, progressLabel, VISIBILITY_LABELS } from '../lib/lists'
import { displayName } from '../lib/users'
import { useCurrentUser } from '../queries/auth'
import { isNotFound } from '../queries/catalog'
import { activityQuery } from '../queries/feed'
import { listQuery, useDeleteList, useEditors, useUpdateList, type ListDetail } from '../queries/lists'

/** ListPage (/list/:id): a list's titles, who made it, the viewer's progress, and its likes and comments. */
export default function ListPage() {
  const id = useParams().id ?? ''
  const query = useQuery(listQuery(id))
  useDocumentTitle(query.data?.name ?? 'List')
  if (query.isPending) {
    return (
      <div className="grid min-h-[40vh] place-items-center">
        <Spinner label="Loading list" className="loading-lg" />
      </div>
    )
  }
  if (query.isError) {
    return isNotFound(query.error) ? (
      <EmptyState title="List not found" action={<Link to="/lists" className="btn btn-primary">Your lists</Link>}>
        This list doesn&apos;t exist or isn&apos;t shared with you.
      </EmptyState>
    ) : (
      <div role="alert" className="alert alert-error alert-soft mx-auto max-w-3xl">
        <span>This list could not be loaded.</span>
        <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    )
  }
  return <ListView list={query.data} />
}

function ListView({ list }: { list: ListDetail }) {
  const { data: me } = useCurrentUser()
  const [dialog, setDialog] = useState<'edit' | 'editors' | 'delete' | null>(null)
  const isOwner = list.role === 'owner'
  const seenPct = list.itemCount ? Math.round((list.seen / list.itemCount) * 100) : 0
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{list.name}</h1>
        <p className="text-sm text-base-content/70">
          By{' '}
          <Link to={`/profile/${list.owner.id}`} className="font-medium hover:underline">
            {displayName(list.owner)}
          </Link>
          {list.editors.length > 0 && <> with {list.editors.map((e) => displayName(e)).join(', ')}</>} · {itemsLabel(list.itemCount)}
          {list.ranked && ' · Ranked'} · <span className="badge badge-soft badge-sm">{VISIBILITY_LABELS[list.visibility]}</span>
        </p>
        {list.description && <p className="max-w-prose whitespace-pre-line">{list.description}</p>}
        {list.itemCount > 0 && (
          <div className="grid max-w-xs gap-1">
            <p className="text-sm font-medium" data-testid="list-progress">
              {progressLabel(list.seen, list.itemCount)}
            </p>
            <progress className="progress progress-success" value={seenPct} max={100} aria-hidden="true" />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {isOwner && (
            <>
              <button type="button" className="btn btn-sm" onClick={() => setDialog('edit')}>
                Edit list
              </button>
              <button type="button" className="btn btn-sm" onClick={() => setDialog('editors')}>
                Editors
              </button>
              <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setDialog('delete')}>
                Delete
              </button>
            </>
          )}
          {list.role === 'editor' && me && <LeaveButton listId={list.id} userId={me.id} />}
        </div>
      </header>
      {list.items.length === 0 ? (
        <EmptyState title="No titles yet">
          {list.canEdit ? 'Add titles from a movie or show page, a post’s menu or search results: look for Add to list.' : 'Nothing has been added yet.'}
        </EmptyState>
      ) : (
        <ListItems listId={list.id} items={list.items} ranked={list.ranked} canEdit={list.canEdit} />
      )}
      {list.thread && <ListThread list={list} thread={list.thread} isOwner={isOwner} />}
      {dialog === 'edit' && <EditDialog list={list} onClose={() => setDialog(null)} />}
      {dialog === 'editors' && <EditorsDialog list={list} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog list={list} onClose={() => setDialog(null)} />}
    </div>
  )
}

/**
 * ListThread: the list's likes, comments and share menu (they live on its first post).
 * The share card shows the list as this page has it now (name, size, first posters), even
 * when the post was read before a rename or a reorder.
 */
function ListThread({ list, thread, isOwner }: { list: ListDetail; thread: NonNullable<ListDetail['thread']>; isOwner: boolean }) {
  const { data } = useQuery({ ...activityQuery(thread.id), initialData: thread })
  const current = { listId: list.id, listName: list.name, ranked: list.ranked, itemCount: list.itemCount, posters: list.items.slice(0, 4).map((i) => i.posterPath) }
  const activity = { ...data, data: { ...data.data, ...current } }
  return (
    <section aria-label="Likes and comments" className="card border border-base-300/70 bg-base-100">
      <CardFooter activity={activity} isOwner={isOwner} />
    </section>
  )
}

function EditDialog({ list, onClose }: { list: ListDetail; onClose: () => void }) {
  const update = useUpdateList(list.id)
  return (
    <Modal title="Edit list" onClose={onClose}>
      <ListForm
        initial={list}
        submitLabel="Save"
        pending={update.isPending}
        error={update.error}
        onCancel={onClose}
        onSubmit={(fields) => update.mutate(fields, { onSuccess: onClose })}
      />
    </Modal>
  )
}

function DeleteDialog({ list, onClose }: { list: ListDetail; onClose: () => void }) {
  const del = useDeleteList(list.id)
  const navigate = useNavigate()
  return (
    <Modal title="Delete this list?" description={`${list.name} and its likes and comments will be gone for everyone.`} onClose={onClose}>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-error btn-sm" disabled={del.isPending} onClick={() => del.mutate(undefined, { onSuccess: () => void navigate('/lists') })}>
          Delete list
        </button>
      </div>
    </Modal>
  )
}

function LeaveButton({ listId, userId }: { listId: string; userId: string }) {
  const { remove } = useEditors(listId)
  const navigate = useNavigate()
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => remove.mutate(userId, { onSuccess: () => void navigate('/lists') })}>
      Leave this list
    </button>
  )
}
