import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { serverMessage } from '../../lib/apiErrors'
import { importPercent, importStatusLabel, isImportActive, SOURCE_NAMES } from '../../lib/portability'
import { importQuery, invalidateAfterImport } from '../../queries/portability'
import { UnmatchedList } from './UnmatchedList'

/**
 * ImportProgress: one import as it runs (a progress bar filled processed/total, announced
 * politely) and its report once done: imported, already present, and the unmatched items
 * to match by hand. When it finishes, the diary is refreshed.
 */
export function ImportProgress({ importId }: { importId: string }) {
  const qc = useQueryClient()
  const { data: imp, error } = useQuery(importQuery(importId))
  const wasActive = useRef(false)
  const active = isImportActive(imp?.status)

  useEffect(() => {
    if (active) wasActive.current = true
    else if (wasActive.current) {
      wasActive.current = false
      void invalidateAfterImport(qc)
    }
  }, [active, qc])

  if (error) {
    return (
      <div role="alert" className="alert alert-error alert-soft">
        {serverMessage(error, 'Could not read the import’s progress.')}
      </div>
    )
  }
  if (!imp) return null
  const percent = importPercent(imp)

  return (
    <section aria-labelledby="import-progress-title" data-testid="import-progress" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h2 id="import-progress-title" className="card-title text-lg">
          {SOURCE_NAMES[imp.source] ?? imp.source} import
        </h2>
        <div>
          <progress
            className={`progress w-full ${imp.status === 'failed' ? 'progress-error' : 'progress-primary'}`}
            aria-label="Import progress"
            value={imp.status === 'done' ? Math.max(imp.total, 1) : imp.processed}
            max={Math.max(imp.total, 1)}
          />
          <div className="mt-1 flex justify-between gap-3 text-sm text-base-content/70">
            <p role="status" aria-live="polite" data-testid="import-status">
              {importStatusLabel(imp)}
            </p>
            <span aria-hidden="true" className="tabular-nums">
              {percent}%
            </span>
          </div>
        </div>
        {imp.status === 'failed' && (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {imp.error || 'The import stopped. Check the file and try again.'}
          </div>
        )}
        {imp.status === 'done' && (
          <>
            <dl className="stats stats-vertical border border-base-300 sm:stats-horizontal" aria-label="Import report">
              <div className="stat">
                <dt className="stat-title">Imported</dt>
                <dd className="stat-value text-success" data-testid="report-imported">
                  {imp.imported}
                </dd>
              </div>
              <div className="stat">
                <dt className="stat-title">Already present</dt>
                <dd className="stat-value" data-testid="report-already-present">
                  {imp.alreadyPresent}
                </dd>
              </div>
              <div className="stat">
                <dt className="stat-title">Unmatched</dt>
                <dd className="stat-value text-warning" data-testid="report-unmatched">
                  {imp.unmatched.length}
                </dd>
              </div>
            </dl>
            <UnmatchedList importId={imp.id} items={imp.unmatched} />
          </>
        )}
      </div>
    </section>
  )
}
