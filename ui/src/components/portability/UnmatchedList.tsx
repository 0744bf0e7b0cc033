import { unmatchedLabel, type UnmatchedItem } from '../../lib/portability'
import { MatchItem } from './MatchItem'

/** UnmatchedList: the imported rows no catalog title was found for, each with a Match action. */
export function UnmatchedList({ importId, items }: { importId: string; items: UnmatchedItem[] }) {
  if (items.length === 0) {
    return <p className="text-sm text-base-content/70">Every item found its title.</p>
  }
  return (
    <div>
      <h3 className="font-semibold">Not found in the catalog</h3>
      <p className="text-sm text-base-content/70">Match each one by hand to add it to your diary.</p>
      <ul aria-label="Unmatched items" className="mt-2 divide-y divide-base-300">
        {items.map((item) => (
          <li key={item.index} aria-label={unmatchedLabel(item)} className="py-2">
            <MatchItem importId={importId} item={item} />
          </li>
        ))}
      </ul>
    </div>
  )
}
