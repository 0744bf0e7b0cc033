import { useQuery } from '@tanstack/react-query'
import { SOURCE_NAMES, importStatusLabel } from '../../lib/portability'
import { timeAgo } from '../../lib/time'
import { importsQuery } from '../../queries/portability'

/** RecentImports: the member's latest imports, newest first; picking one shows its report. */
export function RecentImports({ onShow }: { onShow: (id: string) => void }) {
  const { data, isPending } = useQuery(importsQuery())
  if (isPending) return null
  return (
    <section aria-labelledby="recent-imports-title">
      <h2 id="recent-imports-title" className="mb-2 text-lg font-semibold">
        Recent imports
      </h2>
      {!data || data.length === 0 ? (
        <p className="text-sm text-base-content/70">No imports yet.</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label="Recent imports">
          {data.map((imp) => (
            <li key={imp.id} className="flex items-center justify-between gap-3 px-4 py-2 text-sm">
              <div className="min-w-0">
                <span className="font-medium">{SOURCE_NAMES[imp.source] ?? imp.source}</span>{' '}
                <span className="text-base-content/60">{timeAgo(imp.createdAt)}</span>
                <div className="text-base-content/70">
                  {imp.status === 'done'
                    ? `${imp.imported} imported · ${imp.alreadyPresent} already present · ${imp.unmatched.length} unmatched`
                    : imp.status === 'failed'
                      ? imp.error || importStatusLabel(imp)
                      : importStatusLabel(imp)}
                </div>
              </div>
              <button type="button" className="btn btn-ghost btn-xs" onClick={() => onShow(imp.id)}>
                Show
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
