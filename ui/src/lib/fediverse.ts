// Fediverse addresses as members type them in the Friends page's search: @name@host.

/** Lookups wait this long after typing stops (each one reaches another server). */
export const LOOKUP_DEBOUNCE_MS = 500

const NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/

/**
 * parseAcct reads what a member typed as a fediverse address: `@name@host` (the leading @
 * optional once there is a host, `acct:` accepted), trimmed, the host lowercased. It
 * answers `name@host`, or null when the text is not one (a local search, a half-typed
 * address).
 */
export function parseAcct(text: string): string | null {
  const raw = text.trim().replace(/^acct:/i, '').replace(/^@/, '')
  const at = raw.indexOf('@')
  if (at < 0 || raw.length > 320) return null
  const name = raw.slice(0, at)
  const host = raw.slice(at + 1)
  if (!NAME.test(name) || !HOST.test(host) || !host.replace(/:\d+$/, '').includes('.') && !host.startsWith('[')) return null
  return `${name}@${host.toLowerCase()}`
}

/** RemoteFollowState: a follow of a remote account as the server names it. */
export type RemoteFollowState = 'none' | 'requested' | 'accepted'

/** followLabel: the follow button's words for a state (Requested waits for the other server). */
export function followLabel(state: RemoteFollowState): string {
  return state === 'accepted' ? 'Following' : state === 'requested' ? 'Requested' : 'Follow'
}

/** lookupFailure: what the card says when the lookup failed, by the answer's status. */
export function lookupFailure(acct: string, status: number | undefined, message: string): string {
  if (status === 404) return `Couldn't find @${acct}`
  if (status === 400 || status === 403) return message || `Couldn't look up @${acct}`
  if (status !== undefined && status >= 500) return `Couldn't reach ${acct.slice(acct.indexOf('@') + 1)}. Try again later.`
  return `Couldn't look up @${acct}. Check your connection and try again.`
}
