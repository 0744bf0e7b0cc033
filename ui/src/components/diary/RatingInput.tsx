import { useId, useState } from 'react'
import { formatRating, parseRatingText, RATING_MAX, RATING_MIN, RATING_STEP, roundRating } from '../../lib/rating'

// Keys that step the typed value like a native number box (Shift: whole points).
const KEY_STEPS: Record<string, number> = { ArrowUp: RATING_STEP, ArrowDown: -RATING_STEP, PageUp: 1, PageDown: -1 }

/**
 * RatingInput: the 0–10 rating in steps of 0.1 (SPEC §5), shown as X.X/10.0. A slider and
 * a number box edit the same value: the slider for a quick drag or the arrow keys, the box
 * for typing an exact value (7.25 rounds to 7.3, as the server would). 0 means no rating.
 */
export function RatingInput({
  value,
  onChange,
  label = 'Rating',
  error,
  autoFocus = false,
}: {
  value: number
  onChange: (value: number) => void
  label?: string
  error?: string
  autoFocus?: boolean
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  // What the member is typing, kept while it still means the current value ('7.25',
  // '7.'); once the value moves (the slider), the box shows the value itself.
  const [text, setText] = useState<string | null>(null)
  const typed = text === null ? null : parseRatingText(text)
  const shown = text !== null && (text.trim() === '' || (typed !== null && roundRating(typed) === value)) ? text : value.toFixed(1)
  const rated = value > 0
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ')

  const type = (next: string) => {
    setText(next)
    const n = parseRatingText(next)
    if (next.trim() === '') onChange(0)
    else if (n !== null) onChange(roundRating(n))
  }

  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy}>
      <legend className="mb-2 flex w-full items-baseline justify-between gap-3 text-sm font-medium">
        <span>{label}</span>
        <output htmlFor={`${id}-range ${id}-number`} aria-live="polite" className={`text-lg font-bold tabular-nums ${rated ? 'text-primary' : 'text-base-content/50'}`}>
          {formatRating(value)}
        </output>
      </legend>
      <div className="flex items-center gap-3">
        <input
          id={`${id}-range`}
          type="range"
          min={RATING_MIN}
          max={RATING_MAX}
          step={RATING_STEP}
          value={value}
          aria-label={label}
          aria-valuetext={rated ? `${value.toFixed(1)} out of 10` : 'No rating'}
          className="range range-primary range-sm flex-1"
          autoFocus={autoFocus}
          onChange={(e) => {
            setText(null)
            onChange(roundRating(Number(e.target.value)))
          }}
        />
        <input
          id={`${id}-number`}
          type="text"
          role="spinbutton"
          inputMode="decimal"
          autoComplete="off"
          aria-valuemin={RATING_MIN}
          aria-valuemax={RATING_MAX}
          aria-valuenow={value}
          aria-valuetext={rated ? `${value.toFixed(1)} out of 10` : 'No rating'}
          value={shown}
          aria-label={`${label} value`}
          aria-invalid={error ? true : undefined}
          className={`input input-sm w-20 text-right tabular-nums ${error ? 'input-error' : ''}`}
          onChange={(e) => type(e.target.value)}
          onKeyDown={(e) => {
            const delta = KEY_STEPS[e.key]
            if (delta === undefined) return
            e.preventDefault()
            setText(null)
            onChange(roundRating(value + (e.shiftKey ? Math.sign(delta) : delta)))
          }}
          onBlur={() => setText(null)}
        />
      </div>
      <p id={hintId} className="text-xs text-base-content/60">
        {rated ? 'Drag, use the arrow keys or type a value from 0 to 10.' : '0 means no rating.'}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}
