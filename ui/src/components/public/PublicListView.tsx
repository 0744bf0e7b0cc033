import { addedByLine, type PublicList, type PublicMember } from '../../lib/public'
import { itemsLabel } from '../../lib/lists'
import { displayName } from '../../lib/users'
import { Poster } from '../catalog/Poster'

/**
 * PublicListView: a public list as visitors read it (#21): its name, owner, description
 * and titles in order — rank numbers on a ranked list, notes, and who added a title when
 * that editor is public too. Read-only: no marks, reordering, likes or comments.
 */
export function PublicListView({ list, owner }: { list: PublicList; owner: PublicMember }) {
  return (
    <article className="grid gap-4" aria-labelledby="public-list-name">
      <header className="grid gap-1">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">{list.ranked ? 'Ranked list' : 'List'}</p>
        <h2 id="public-list-name" className="text-3xl font-black break-words">
          {list.name}
        </h2>
        <p className="text-base-content/70">
          {itemsLabel(list.itemCount)} · by {displayName(owner)}
          {list.editors.length > 0 && <> with {list.editors.map((e) => displayName(e)).join(', ')}</>}
        </p>
        {list.description && <p className="mt-2 whitespace-pre-line">{list.description}</p>}
      </header>
      {list.items.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 p-6 text-center text-base-content/60">This list has no titles yet.</p>
      ) : (
        <ol className="grid gap-2" data-testid="public-list-items" aria-label={`Titles in ${list.name}`}>
          {list.items.map((item) => {
            const by = addedByLine(item, owner.id, displayName)
            return (
              <li key={item.id} className="flex gap-3 rounded-box border border-base-300/70 bg-base-100 p-3">
                {list.ranked && (
                  <span className="w-8 shrink-0 pt-1 text-right text-xl font-black text-base-content/50 tabular-nums" aria-label={`Number ${item.position}`}>
                    {item.position}
                  </span>
                )}
                <Poster id={item.movieId ?? item.tvShowId ?? 0} title={item.title} path={item.posterPath} size="w92" className="w-12 shrink-0" decorative />
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">
                    {item.title} {item.year > 0 && <span className="font-normal text-base-content/60">({item.year})</span>}
                  </h3>
                  {item.note && <p className="mt-1 text-sm whitespace-pre-line">{item.note}</p>}
                  {by && <p className="mt-1 text-xs text-base-content/60">{by}</p>}
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </article>
  )
}
