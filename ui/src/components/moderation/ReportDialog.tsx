import { useId, useState } from 'react'
import { fieldError, serverMessage } from '../../lib/apiErrors'
import { reasonError, reportTitle, REPORT_REASON_MAX, type ReportEntity } from '../../lib/moderation'
import { useReport } from '../../queries/moderation'
import { FormAlert } from '../ui/FormField'
import { Modal } from '../ui/Modal'

/**
 * ReportDialog: tell the moderators what is wrong with a post, a comment or a member.
 * Only superusers read reports (in the dashboard); the member who is reported is not told.
 */
export function ReportDialog({ entityType, entityId, onClose }: { entityType: ReportEntity; entityId: string; onClose: () => void }) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [touched, setTouched] = useState(false)
  const report = useReport()
  const localError = touched ? reasonError(reason) : undefined
  const error = localError ?? fieldError(report.error, 'reason')
  const general = report.error && !fieldError(report.error, 'reason') ? serverMessage(report.error, 'Failed to send the report') : undefined

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    setTouched(true)
    if (reasonError(reason)) return
    report.mutate({ entityType, entityId, reason: reason.trim() }, { onSuccess: onClose })
  }

  return (
    <Modal
      title={reportTitle(entityType)}
      description="Only the moderators read reports, and nobody is told who sent one."
      onClose={onClose}
      className="max-w-md"
    >
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <FormAlert>{general}</FormAlert>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            Reason
          </label>
          <textarea
            id={`${id}-reason`}
            name="reason"
            autoFocus
            rows={4}
            maxLength={REPORT_REASON_MAX}
            className={`textarea w-full ${error ? 'textarea-error' : ''}`}
            placeholder="Spam, harassment, spoilers without warning…"
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-count`}
            onChange={(e) => setReason(e.target.value)}
            onBlur={() => setTouched(true)}
          />
          {error ? (
            <p id={`${id}-error`} className="text-sm text-error">
              {error}
            </p>
          ) : (
            <p id={`${id}-count`} className="text-right text-xs text-base-content/60">
              {reason.length}/{REPORT_REASON_MAX}
            </p>
          )}
        </div>
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={report.isPending}>
            {report.isPending ? 'Sending…' : 'Send Report'}
          </button>
        </div>
      </form>
    </Modal>
  )
}
