import { useState, type FormEvent } from 'react'
import { fieldError, serverMessage } from '../../lib/apiErrors'
import { VISIBILITY_LABELS, type ListVisibility } from '../../lib/lists'
import type { ListFields } from '../../queries/lists'

/** The longest name and description a list takes (issue #20). */
const MAX_NAME = 100
const MAX_DESCRIPTION = 2000

/**
 * ListForm: a list's name, description, ranked and visibility. It calls onSubmit with the
 * fields and shows the server's per-field errors (error is the mutation's).
 */
export function ListForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  compact = false,
}: {
  initial?: Partial<ListFields>
  submitLabel: string
  pending: boolean
  error: unknown
  onSubmit: (fields: ListFields) => void
  onCancel?: () => void
  /** The quick 'New list…' form: name and ranked only. */
  compact?: boolean
}) {
  const [name, setName] = useState(initial?.name ?? '')
  const [description, setDescription] = useState(initial?.description ?? '')
  const [ranked, setRanked] = useState(initial?.ranked ?? false)
  const [visibility, setVisibility] = useState<ListVisibility>(initial?.visibility ?? 'public')
  const nameError = error ? fieldError(error, 'name') : undefined
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (pending) return
    onSubmit(compact ? { name, ranked } : { name, description, ranked, visibility })
  }
  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      <label className="grid gap-1 text-sm font-medium">
        <span>List name</span>
        <input
          className={`input w-full ${nameError ? 'input-error' : ''}`}
          value={name}
          maxLength={MAX_NAME}
          onChange={(e) => setName(e.target.value)}
          placeholder="Best of 2025"
          aria-invalid={Boolean(nameError)}
          autoFocus
        />
        {nameError && <span className="text-xs text-error">{nameError}</span>}
      </label>
      {!compact && (
        <label className="grid gap-1 text-sm font-medium">
          <span>
            Description <span className="font-normal text-base-content/60">(optional)</span>
          </span>
          <textarea className="textarea w-full" rows={3} maxLength={MAX_DESCRIPTION} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
      )}
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-primary checkbox-sm" checked={ranked} onChange={(e) => setRanked(e.target.checked)} />
        Ranked (numbered, in your order)
      </label>
      {!compact && (
        <label className="grid gap-1 text-sm font-medium">
          <span>Who can see it</span>
          <select className="select w-full" value={visibility} onChange={(e) => setVisibility(e.target.value as ListVisibility)}>
            {(Object.keys(VISIBILITY_LABELS) as ListVisibility[]).map((v) => (
              <option key={v} value={v}>
                {VISIBILITY_LABELS[v]}
              </option>
            ))}
          </select>
        </label>
      )}
      {error && !nameError ? (
        <p role="alert" className="text-sm text-error">
          {serverMessage(error, 'Could not save the list. Please try again.')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}
