import { spoilerText, type Spoiler } from '../../lib/tv'
import { EyeIcon } from '../ui/icons'

/**
 * SpoilerGuard: stands in for an episode review (and its comments) the viewer has not
 * reached: 'Spoiler for S2E3 — you're on S2E1 · Show anyway'. The review is not in the
 * page until they choose to see it; blurred bars hint at its length.
 */
export function SpoilerGuard({ spoiler, onReveal, className = 'mx-4 mt-3' }: { spoiler: Spoiler; onReveal: () => void; className?: string }) {
  return (
    <div className={`relative overflow-hidden rounded-field border border-base-300/70 ${className}`} data-testid="spoiler-guard">
      <div aria-hidden="true" className="grid gap-2 p-4 blur-sm select-none">
        <span className="h-3 w-2/3 rounded bg-base-content/25" />
        <span className="h-3 w-full rounded bg-base-content/20" />
        <span className="h-3 w-5/6 rounded bg-base-content/20" />
      </div>
      <p role="note" className="absolute inset-0 flex flex-wrap items-center justify-center gap-x-1 gap-y-1 bg-base-100/60 px-3 text-center text-sm">
        <span className="font-medium">{spoilerText(spoiler)}</span>
        <span aria-hidden="true">·</span>
        <button type="button" className="btn btn-link btn-sm h-auto min-h-0 px-0.5" onClick={onReveal}>
          <EyeIcon className="size-4" /> Show anyway
        </button>
      </p>
    </div>
  )
}
