// Import & export (issue 14): the shapes of /api/import*, /api/imports* and the pure rules
// the settings page shows them by.

/** ImportSource is a service whose export we read. */
export type ImportSource = 'letterboxd' | 'trakt' | 'imdb' | 'cinecircle'

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed'

/** UnmatchedItem is an imported row no catalog title was found for. */
export interface UnmatchedItem {
  index: number
  kind: 'movie' | 'tv'
  title: string
  year: number
  status: string
  watchedAt: string
  rating: number
  review?: string
  source: string
}

/** Import is an import's progress and, once done, its report. */
export interface Import {
  id: string
  /** scrobble: the standing import holding media-server plays no title matched. */
  source: ImportSource | 'scrobble'
  status: ImportStatus
  total: number
  processed: number
  imported: number
  alreadyPresent: number
  unmatched: UnmatchedItem[]
  error: string
  createdAt: string
}

/** IMPORT_POLL_MS: how often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000

/** SOURCE_NAMES: how each source is written on the page. */
export const SOURCE_NAMES: Record<ImportSource | 'scrobble', string> = {
  letterboxd: 'Letterboxd',
  trakt: 'Trakt',
  imdb: 'IMDb',
  cinecircle: 'CineCircle',
  scrobble: 'Media server plays',
}

/** isImportActive: the import still runs, so its progress is polled. */
export function isImportActive(status: ImportStatus | undefined): boolean {
  return status === 'queued' || status === 'running'
}

/** importPercent: how far along an import is, 0–100, whole; a finished import is 100. */
export function importPercent(imp: Pick<Import, 'status' | 'processed' | 'total'>): number {
  if (imp.status === 'done') return 100
  if (!(imp.total > 0)) return 0
  const ratio = Math.min(Math.max(imp.processed / imp.total, 0), 1)
  return Math.round(ratio * 100)
}

/** importStatusLabel: the words for an import's state, with its count while it runs. */
export function importStatusLabel(imp: Pick<Import, 'status' | 'processed' | 'total'>): string {
  switch (imp.status) {
    case 'queued':
      return 'Waiting to start…'
    case 'running':
      return imp.total > 0 ? `Importing ${imp.processed} of ${imp.total}…` : 'Reading the file…'
    case 'done':
      return `Import finished: ${imp.total} ${imp.total === 1 ? 'item' : 'items'} read.`
    case 'failed':
      return 'Import failed.'
    default:
      return ''
  }
}

/** ACCEPTED_EXTENSIONS: the file types an import takes (the export ZIP, or one CSV or JSON). */
export const ACCEPTED_EXTENSIONS = ['.zip', '.csv', '.json'] as const

const ACCEPTED_MIME = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'application/x-zip',
  'multipart/x-zip',
  'text/csv',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'application/json',
  'text/json',
])

/** ACCEPT_ATTRIBUTE is the file input's accept list. */
export const ACCEPT_ATTRIBUTE = [...ACCEPTED_EXTENSIONS, 'application/zip', 'text/csv', 'application/json'].join(',')

/**
 * isAcceptedFile: the file looks like an export, by its extension or, when the name says
 * nothing, its MIME type. The server has the last word; this only saves a pointless upload.
 */
export function isAcceptedFile(file: { name: string; type?: string }): boolean {
  const name = file.name.trim().toLowerCase()
  const dot = name.lastIndexOf('.')
  if (dot > 0) return (ACCEPTED_EXTENSIONS as readonly string[]).includes(name.slice(dot))
  return ACCEPTED_MIME.has((file.type ?? '').toLowerCase())
}

/** unmatchedLabel: 'The Title (2019)', or without the year when the file had none. */
export function unmatchedLabel(item: Pick<UnmatchedItem, 'title' | 'year'>): string {
  return item.year > 0 ? `${item.title} (${item.year})` : item.title
}
