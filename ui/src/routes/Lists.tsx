import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { ListGrid } from '../components/lists/ListCard'
import { ListForm } from '../components/lists/ListForm'
import { Modal } from '../components/ui/Modal'
import { Spinner } from '../components/ui/Spinner'
import { PlusIcon } from '../components/ui/icons'
import { useDocumentTitle } from '../hooks/useDocumentTitle'
import { myListsQuery, useCreateList } from '../queries/lists'

/** ListsPage (/lists): my lists, lists shared with me, and my friends' recent lists. */
export default function ListsPage() {
  useDocumentTitle('Lists')
  const query = useQuery(myListsQuery())
  const [creating, setCreating] = useState(false)
  const create = useCreateList()
  const navigate = useNavigate()
  return (
    <div className="mx-auto grid max-w-4xl gap-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Lists</h1>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
          <PlusIcon className="size-4" /> New list
        </button>
      </div>
      {query.isPending ? (
        <div className="grid min-h-[30vh] place-items-center">
          <Spinner label="Loading lists" className="loading-lg" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>Your lists could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <>
          <section className="grid gap-3" aria-labelledby="lists-mine">
            <h2 id="lists-mine" className="text-lg font-semibold">
              My lists
            </h2>
            <ListGrid lists={query.data.own} showOwner={false} empty="You haven't made a list yet. Start one with New list, or from any title's Add to list." />
          </section>
          <section className="grid gap-3" aria-labelledby="lists-shared">
            <h2 id="lists-shared" className="text-lg font-semibold">
              Shared with me
            </h2>
            <ListGrid lists={query.data.shared} empty="Lists friends invite you to edit appear here." />
          </section>
          <section className="grid gap-3" aria-labelledby="lists-friends">
            <h2 id="lists-friends" className="text-lg font-semibold">
              Friends&apos; recent lists
            </h2>
            <ListGrid lists={query.data.friends} empty="When people you follow make lists, the newest appear here." />
          </section>
        </>
      )}
      {creating && (
        <Modal title="New list" onClose={() => setCreating(false)}>
          <ListForm
            submitLabel="Create list"
            pending={create.isPending}
            error={create.error}
            onCancel={() => setCreating(false)}
            onSubmit={(fields) => create.mutate(fields, { onSuccess: (list) => void navigate(`/list/${list.id}`) })}
          />
        </Modal>
      )}
    </div>
  )
}
