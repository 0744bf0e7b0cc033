import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ExportCard } from '../components/portability/ExportCard'
import { ImportProgress } from '../components/portability/ImportProgress'
import { RecentImports } from '../components/portability/RecentImports'
import { NeedsMatching } from '../components/scrobble/NeedsMatching'
import { SourceCard } from '../components/portability/SourceCard'
import { FormAlert } from '../components/ui/FormField'
import { PageHeader } from '../components/ui/PageHeader'
import { serverMessage } from '../lib/apiErrors'
import { isImportActive, type ImportSource } from '../lib/portability'
import { importQuery, useStartImport } from '../queries/portability'

const SOURCES: ImportSource[] = ['letterboxd', 'trakt', 'imdb', 'cinecircle']

/**
 * ImportExport (/settings/import): bring a diary in from Letterboxd, Trakt or IMDb and
 * watch it run; take everything out as one ZIP. Importing never posts to the feed.
 */
export default function ImportExport() {
  const [shownId, setShownId] = useState<string | null>(null)
  const start = useStartImport()
  const shown = useQuery({ ...importQuery(shownId ?? ''), enabled: shownId != null })
  const busy = start.isPending || isImportActive(shown.data?.status)

  const upload = (source: ImportSource, file: File) =>
    start.mutate({ source, file }, { onSuccess: (imp) => setShownId(imp.id) })

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Import & Export">
        Bring your history in from another service, or take everything with you. Imports never post to the feed, and
        importing the same file twice adds nothing new.
      </PageHeader>
      <div className="grid gap-4 md:grid-cols-3">
        {SOURCES.map((source) => (
          <SourceCard key={source} source={source} disabled={busy} onUpload={upload} />
        ))}
      </div>
      {start.isPending && (
        <p role="status" className="text-sm text-base-content/70">
          <span className="loading loading-spinner loading-sm mr-2" aria-hidden="true" />
          Uploading…
        </p>
      )}
      <FormAlert>{start.error ? serverMessage(start.error, 'The upload failed. Check your connection and try again.') : null}</FormAlert>
      {shownId && <ImportProgress key={shownId} importId={shownId} />}
      <NeedsMatching />
      <RecentImports onShow={setShownId} />
      <ExportCard />
    </div>
  )
}
