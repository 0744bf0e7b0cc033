import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { serverMessage } from '../../lib/apiErrors'
import type { PickedTitle } from '../../lib/diary'
import { itemsLabel } from '../../lib/lists'
import { toast } from '../../lib/toast'
import { myListsWithQuery, useAddToList, useCreateList, type ListSummary } from '../../queries/lists'
import { CheckIcon, PlusIcon } from '../ui/icons'
import { Modal } from '../ui/Modal'
import { ListForm } from './ListForm'

/**
 * AddToListDialog: add a title to one of my lists (or one I edit), or to a new one made
 * on the spot ('New list…'). Lists that already hold it are ticked. Render only while open.
 */
export function AddToListDialog({ title, onClose }: { title: PickedTitle; onClose: () => void }) {
  const lists = useQuery(myListsWithQuery(title.kind, title.id))
  const add = useAddToList()
  const create = useCreateList()
  const [creating, setCreating] = useState(false)
  const [added, setAdded] = useState<string[]>([])
  const choices: ListSummary[] = [...(lists.data?.own ?? []), ...(lists.data?.shared ?? [])]

  const addTo = (list: { id: string; name: string }) =>
    add.mutate(
      { listId: list.id, kind: title.kind, titleId: title.id },
      {
        onSuccess: () => {
          setAdded((a) => [...a, list.id])
          toast({ title: 'Added to list', description: `${title.title} is in ${list.name}.` })
        },
        onError: (error) => toast({ title: 'Could not add it', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
      },
    )

  return (
    <Modal title="Add to list" description={`Choose a list for ${title.title}.`} onClose={onClose}>
      <div className="grid gap-3">
        {lists.isPending ? (
          <p className="text-sm text-base-content/60">Loading your lists…</p>
        ) : lists.isError ? (
          <p role="alert" className="text-sm text-error">
            Your lists could not be loaded.{' '}
            <button type="button" className="link" onClick={() => void lists.refetch()}>
              Try again
            </button>
          </p>
        ) : choices.length === 0 && !creating ? (
          <p className="text-sm text-base-content/70">You have no lists yet. Make one for it:</p>
        ) : (
          <ul className="grid max-h-72 gap-1 overflow-y-auto" aria-label="Your lists">
            {choices.map((l) => {
              const inIt = l.contains || added.includes(l.id)
              return (
                <li key={l.id}>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 rounded-field px-3 py-2 text-left hover:bg-base-200 disabled:opacity-70"
                    disabled={inIt || add.isPending}
                    onClick={() => addTo(l)}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{l.name}</span>
                      <span className="text-xs text-base-content/60">{itemsLabel(l.itemCount)}</span>
                    </span>
                    {inIt ? <CheckIcon className="size-4 text-success" aria-label="Already in this list" /> : <PlusIcon className="size-4" aria-hidden="true" />}
                  </button>
                </li>
              )
            })}
          </ul>
        )}
        {creating ? (
          <div className="rounded-box border border-base-300 p-3">
            <ListForm
              compact
              submitLabel="Create and add"
              pending={create.isPending}
              error={create.error}
              onCancel={() => setCreating(false)}
              onSubmit={(fields) =>
                create.mutate(fields, {
                  onSuccess: (list) => {
                    setCreating(false)
                    addTo(list)
                  },
                })
              }
            />
          </div>
        ) : (
          <button type="button" className="btn btn-outline btn-sm justify-self-start" onClick={() => setCreating(true)}>
            <PlusIcon className="size-4" /> New list…
          </button>
        )}
      </div>
    </Modal>
  )
}
