import { EXPORT_URL } from '../../queries/portability'

/** ExportCard: the one download of everything, and what is inside it. */
export function ExportCard() {
  return (
    <section aria-labelledby="export-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="export-title" className="card-title text-lg">
          Export everything
        </h2>
        <p className="text-sm text-base-content/70">One ZIP file with:</p>
        <ul className="list-disc pl-5 text-sm text-base-content/70">
          <li>
            <code>diary.csv</code> and <code>watchlist.csv</code>, in Letterboxd’s format, so another service can import them;
          </li>
          <li>
            <code>cinecircle.json</code>, everything you logged here: entries, ratings, reviews and dates.
          </li>
        </ul>
        <div className="card-actions justify-end">
          <a href={EXPORT_URL} download className="btn btn-primary">
            Download Export (.zip)
          </a>
        </div>
      </div>
    </section>
  )
}
