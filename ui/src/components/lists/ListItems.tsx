import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { Link } from 'react-router'
import { moveAnnouncement, moveItem, targetIndex, type ListItem } from '../../lib/lists'
import { displayName } from '../../lib/users'
import { useEditNote, useMoveItem, useRemoveItem } from '../../queries/lists'
import { Poster } from '../catalog/Poster'
import { CheckIcon, TrashIcon } from '../ui/icons'

interface Drag {
  from: number
  over: number
  middles: number[]
  pointerId: number
}

/**
 * ListItems: a list's titles in order, with rank numbers on a ranked list, notes, who
 * added each and the viewer's watched marks. Editors reorder by dragging the handle
 * (pointer or touch: pointer events with capture) or by keyboard (arrow keys on the
 * handle, Move up / Move down, Move to position); each move is announced to screen
 * readers and shown at once (the query module's optimistic update, rolled back on error).
 */
export function ListItems({ listId, items, ranked, canEdit }: { listId: string; items: ListItem[]; ranked: boolean; canEdit: boolean }) {
  const move = useMoveItem(listId)
  const remove = useRemoveItem(listId)
  const rows = useRef<(HTMLLIElement | null)[]>([])
  const [drag, setDrag] = useState<Drag | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const shown = drag ? moveItem(items, drag.from, drag.over) : items

  const moveTo = (from: number, to: number) => {
    const item = items[from]
    const target = items[to]
    if (!item || !target || to === from) return
    move.mutate({ itemId: item.id, from, to, position: target.position })
    setAnnouncement(moveAnnouncement(item.title, target.position, items.length))
  }

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>, index: number) => {
    if (e.button !== 0) return
    e.currentTarget.setPointerCapture(e.pointerId)
    const middles = rows.current.slice(0, items.length).map((row) => {
      const r = row?.getBoundingClientRect()
      return r ? r.top + r.height / 2 : 0
    })
    setDrag({ from: index, over: index, middles, pointerId: e.pointerId })
  }
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return
    const over = targetIndex(drag.middles, drag.from, e.clientY)
    if (over !== drag.over) setDrag({ ...drag, over })
  }
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return
    const { from, over } = drag
    setDrag(null)
    moveTo(from, over)
  }
  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = e.key === 'ArrowUp' ? index - 1 : e.key === 'ArrowDown' ? index + 1 : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : null
    if (to == null) return
    e.preventDefault()
    moveTo(index, to)
    requestAnimationFrame(() => rows.current[Math.max(0, Math.min(items.length - 1, to))]?.querySelector<HTMLButtonElement>('[data-handle]')?.focus())
  }

  return (
    <>
      <p aria-live="assertive" className="sr-only">
        {announcement}
      </p>
      <ol className="grid gap-2" aria-label="Titles">
        {shown.map((item, index) => {
          const kind = item.movieId ? 'movie' : 'tv'
          const titleId = item.movieId ?? item.tvShowId ?? 0
          const dragging = drag != null && drag.from !== drag.over && index === drag.over
          return (
            <li
              key={item.id}
              ref={(el) => {
                rows.current[index] = el
              }}
              data-testid="list-item"
              className={`flex items-start gap-3 rounded-box border bg-base-100 p-3 ${dragging ? 'border-primary shadow-lg' : 'border-base-300/70'}`}
            >
              {canEdit && (
                <button
                  type="button"
                  data-handle
                  className="btn btn-ghost btn-sm btn-square cursor-grab touch-none select-none self-center"
                  aria-label={`Reorder ${item.title}, position ${item.position} of ${items.length}. Use the arrow keys to move it.`}
                  aria-roledescription="sortable handle"
                  onPointerDown={(e) => onPointerDown(e, index)}
                  onPointerMove={onPointerMove}
                  onPointerUp={onPointerUp}
                  onPointerCancel={() => setDrag(null)}
                  onKeyDown={(e) => onHandleKey(e, index)}
                >
                  <span aria-hidden="true" className="text-lg leading-none">
                    ⠿
                  </span>
                </button>
              )}
              {ranked && (
                <span className="w-8 shrink-0 self-center text-center text-xl font-bold tabular-nums text-base-content/70" aria-label={`Rank ${item.position}`}>
                  {item.position}
                </span>
              )}
              <Link to={`/${kind}/${titleId}`} className="shrink-0">
                <Poster id={titleId} title={item.title} path={item.posterPath} size="w92" className="w-12" decorative />
              </Link>
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  <Link to={`/${kind}/${titleId}`} className="hover:underline">
                    {item.title}
                  </Link>{' '}
                  {item.year > 0 && <span className="text-sm text-base-content/60">({item.year})</span>}
                  {item.watched && (
                    <span className="badge badge-success badge-soft badge-sm ml-2 gap-1">
                      <CheckIcon className="size-3" aria-hidden="true" /> Watched
                    </span>
                  )}
                </p>
                {item.note && <p className="mt-1 whitespace-pre-line text-sm">{item.note}</p>}
                {item.addedBy && <p className="mt-1 text-xs text-base-content/60">added by {displayName(item.addedBy)}</p>}
                {canEdit && <ItemTools listId={listId} item={item} index={index} count={items.length} onMove={moveTo} onRemove={() => remove.mutate({ itemId: item.id })} />}
              </div>
            </li>
          )
        })}
      </ol>
    </>
  )
}

/** ItemTools: an editor's keyboard-friendly controls for one item: move, note, remove. */
function ItemTools({
  listId,
  item,
  index,
  count,
  onMove,
  onRemove,
}: {
  listId: string
  item: ListItem
  index: number
  count: number
  onMove: (from: number, to: number) => void
  onRemove: () => void
}) {
  const [position, setPosition] = useState('')
  const [editing, setEditing] = useState(false)
  const [note, setNote] = useState(item.note)
  const editNote = useEditNote(listId)
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1">
      <button type="button" className="btn btn-ghost btn-xs" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={`Move ${item.title} up`}>
        Move up
      </button>
      <button type="button" className="btn btn-ghost btn-xs" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={`Move ${item.title} down`}>
        Move down
      </button>
      <form
        className="flex items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault()
          const p = Number(position)
          if (Number.isInteger(p) && p >= 1 && p <= count) onMove(index, index + (p - item.position))
          setPosition('')
        }}
      >
        <input
          type="number"
          min={1}
          max={count}
          className="input input-xs w-16"
          value={position}
          onChange={(e) => setPosition(e.target.value)}
          aria-label={`New position for ${item.title}`}
          placeholder="#"
        />
        <button type="submit" className="btn btn-ghost btn-xs">
          Move to
        </button>
      </form>
      <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing((o) => !o)} aria-expanded={editing}>
        Note
      </button>
      <button type="button" className="btn btn-ghost btn-xs text-error" onClick={onRemove} aria-label={`Remove ${item.title}`}>
        <TrashIcon className="size-3.5" aria-hidden="true" /> Remove
      </button>
      {editing && (
        <form
          className="mt-1 grid w-full gap-1"
          onSubmit={(e) => {
            e.preventDefault()
            editNote.mutate({ itemId: item.id, note })
            setEditing(false)
          }}
        >
          <textarea className="textarea textarea-sm w-full" rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} aria-label={`Note on ${item.title}`} />
          <button type="submit" className="btn btn-primary btn-xs justify-self-end">
            Save note
          </button>
        </form>
      )}
    </div>
  )
}
