import { useId } from 'react'
import { MAX_REVIEW_LENGTH } from '../../lib/rating'

const count = new Intl.NumberFormat('en-US')

/** ReviewField: the review textarea with its length counter (at most 10,000 characters). */
export function ReviewField({
  value,
  onChange,
  label = 'Review',
  placeholder = 'What did you think?',
  error,
  rows = 4,
  autoFocus = false,
}: {
  value: string
  onChange: (value: string) => void
  label?: string
  placeholder?: string
  error?: string
  rows?: number
  autoFocus?: boolean
}) {
  const id = useId()
  const counterId = `${id}-counter`
  const errorId = `${id}-error`
  const nearLimit = value.length > MAX_REVIEW_LENGTH * 0.9
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {label} <span className="font-normal text-base-content/60">(optional)</span>
        </label>
        <span id={counterId} className={`text-xs tabular-nums ${nearLimit ? 'text-warning' : 'text-base-content/50'}`}>
          {count.format(value.length)} / {count.format(MAX_REVIEW_LENGTH)}
        </span>
      </div>
      <textarea
        id={id}
        className={`textarea w-full resize-y leading-relaxed ${error ? 'textarea-error' : ''}`}
        rows={rows}
        maxLength={MAX_REVIEW_LENGTH}
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={[counterId, error ? errorId : null].filter(Boolean).join(' ')}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  )
}
