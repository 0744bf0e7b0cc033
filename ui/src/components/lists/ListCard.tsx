import { Link } from 'react-router'
import { itemsLabel, VISIBILITY_LABELS } from '../../lib/lists'
import { displayName } from '../../lib/users'
import type { ListSummary } from '../../queries/lists'
import { PosterMosaic } from './PosterMosaic'

/** ListCard: a list as lists of lists show it: posters, name, owner, size and who may see it. */
export function ListCard({ list, showOwner = true }: { list: ListSummary; showOwner?: boolean }) {
  return (
    <li className="card border border-base-300/70 bg-base-100 shadow-sm transition hover:border-primary/50">
      <Link to={`/list/${list.id}`} className="flex items-center gap-4 p-4">
        <PosterMosaic posters={list.posters} name={list.name} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{list.name}</p>
          <p className="text-sm text-base-content/70">
            {showOwner && <>{displayName(list.owner)} · </>}
            {itemsLabel(list.itemCount)}
            {list.ranked && ' · Ranked'}
          </p>
          {list.visibility !== 'public' && <span className="badge badge-soft badge-sm mt-1">{VISIBILITY_LABELS[list.visibility]}</span>}
        </div>
      </Link>
    </li>
  )
}

/** ListGrid: cards of lists, or the empty note. */
export function ListGrid({ lists, empty, showOwner = true }: { lists: readonly ListSummary[]; empty: string; showOwner?: boolean }) {
  if (lists.length === 0) return <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-sm text-base-content/60">{empty}</p>
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {lists.map((l) => (
        <ListCard key={l.id} list={l} showOwner={showOwner} />
      ))}
    </ul>
  )
}
