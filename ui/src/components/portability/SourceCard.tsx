import { useId, useRef, useState, type DragEvent } from 'react'
import { ACCEPT_ATTRIBUTE, isAcceptedFile, SOURCE_NAMES, type ImportSource } from '../../lib/portability'

/** What each source asks for, shown on its card. */
export const SOURCE_HINTS: Record<ImportSource, string> = {
  letterboxd: 'Upload the export ZIP or any of its CSVs (diary.csv, watched.csv, ratings.csv, watchlist.csv).',
  trakt: 'Upload the export ZIP of JSON files (or one of its JSON files): watched movies, every episode you watched, ratings, watchlist.',
  imdb: 'Upload your ratings or watchlist CSV.',
  cinecircle: 'Upload a CineCircle export ZIP (or its cinecircle.json or episodes.csv) to bring your episode watches back.',
}

/**
 * SourceCard: one service to import from, with a file input that is also a dropzone.
 * A file that is no ZIP, CSV or JSON is refused here; anything else goes to onUpload.
 */
export function SourceCard({
  source,
  disabled,
  onUpload,
}: {
  source: ImportSource
  disabled: boolean
  onUpload: (source: ImportSource, file: File) => void
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [error, setError] = useState('')
  const name = SOURCE_NAMES[source]

  const take = (file: File | undefined) => {
    if (!file) return
    if (!isAcceptedFile(file)) {
      setError(`“${file.name}” is not a ZIP, CSV or JSON file.`)
      return
    }
    setError('')
    onUpload(source, file)
  }

  const onDrop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault()
    setDragging(false)
    if (!disabled) take(e.dataTransfer.files[0])
  }

  return (
    <section aria-labelledby={`${id}-title`} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id={`${id}-title`} className="card-title text-lg">
          {name}
        </h2>
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          {SOURCE_HINTS[source]}
        </p>
        <label
          htmlFor={`${id}-file`}
          onDragOver={(e) => {
            e.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`flex cursor-pointer flex-col items-center rounded-box border-2 border-dashed px-4 py-6 text-center text-sm transition-colors focus-within:ring-2 focus-within:ring-primary ${
            dragging ? 'border-primary bg-primary/5' : 'border-base-300 hover:border-primary/60'
          } ${disabled ? 'pointer-events-none opacity-60' : ''}`}
        >
          <span className="font-medium">Choose a file or drop it here</span>
          <span className="text-xs text-base-content/60">.zip, .csv or .json</span>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            className="sr-only"
            accept={ACCEPT_ATTRIBUTE}
            aria-label={`Import from ${name}`}
            aria-describedby={`${id}-hint`}
            disabled={disabled}
            onChange={(e) => {
              take(e.target.files?.[0])
              // The same file can be chosen again (e.g. to see it is already present).
              if (inputRef.current) inputRef.current.value = ''
            }}
          />
        </label>
        {error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </div>
    </section>
  )
}
