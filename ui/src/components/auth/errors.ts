import { parseApiError } from '../../lib/apiErrors'

/**
 * formErrors splits a failed call into field messages (shown under their fields) and a
 * general message for the form's alert. The alert repeats nothing a field already says.
 */
export function formErrors(error: unknown, fieldNames: readonly string[]) {
  if (!error) return { fields: {} as Record<string, string>, general: undefined }
  const parsed = parseApiError(error)
  const fields: Record<string, string> = {}
  for (const name of fieldNames) {
    const message = parsed.fields[name]
    if (message) fields[name] = message
  }
  const shown = Object.values(fields)
  let general: string | undefined
  if (parsed.status === undefined) general = 'Could not reach the server. Check your connection and try again.'
  else if (shown.length === 0) general = parsed.message || 'Something went wrong. Please try again.'
  else if (!shown.includes(parsed.message)) general = parsed.message
  return { fields, general }
}
