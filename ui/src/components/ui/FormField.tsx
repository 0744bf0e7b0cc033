import { useId, type ComponentProps, type ReactNode } from 'react'

/**
 * TextField: a labelled input with its error under it. The error is tied to the input
 * (aria-describedby, aria-invalid) so a screen reader reads it with the field.
 */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ...input
}: ComponentProps<'input'> & { label: string; error?: string; hint?: ReactNode; name: string }) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  )
}

/** FormAlert: the general error of a form, announced when it appears. */
export function FormAlert({ children }: { children?: ReactNode }) {
  if (!children) return null
  return (
    <div role="alert" className="alert alert-error alert-soft text-sm">
      {children}
    </div>
  )
}
