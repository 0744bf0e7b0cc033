// What a failed call says, for toasts and form fields: the server's message and its
// per-field messages (PocketBase's {status, message, data} shape), read from an HttpError.
// Apart from lib/api.ts, whose fetcher every first page loads: only pages that write load this.
import { HttpError, messageOf } from './api'

/** ApiError is what an error thrown by the fetchers says once its JSON body is read. */
export interface ApiError {
  /** HTTP status, or undefined when the request never got an answer. */
  status?: number
  /** The server's human message, or the raw body / error text. */
  message: string
  /** Per-field messages from the server's `data` (PocketBase shape: field → {code, message}). */
  fields: Record<string, string>
}

/** parseApiError reads an error thrown by apiRequest or the default fetcher. */
export function parseApiError(error: unknown): ApiError {
  if (!(error instanceof HttpError)) return { message: messageOf(error), fields: {} }
  const { status, text: body } = error
  try {
    const json = JSON.parse(body) as { message?: unknown; data?: unknown }
    const fields: Record<string, string> = {}
    if (json.data && typeof json.data === 'object') {
      for (const [name, detail] of Object.entries(json.data as Record<string, unknown>)) {
        const message = (detail as { message?: unknown } | null)?.message
        if (typeof message === 'string' && message) fields[name] = message
      }
    }
    const message = typeof json.message === 'string' && json.message ? json.message : body
    return { status, message, fields }
  } catch {
    return { status, message: body, fields: {} }
  }
}

/** fieldError is the server's message for one form field, if it sent one. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!error) return undefined
  return parseApiError(error).fields[field]
}

/**
 * serverMessage is the server's message for a failed call, for toasts and form alerts;
 * fallback when the call never reached the server or the server said nothing useful.
 */
export function serverMessage(error: unknown, fallback: string): string {
  const parsed = parseApiError(error)
  if (parsed.status === undefined || !parsed.message.trim()) return fallback
  return parsed.message
}
