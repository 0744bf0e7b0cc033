// Invite links' ref, carried from the landing page to the sign-up form (SPEC §9).

/** Where an invite's ref waits between the landing page and sign-up. */
export const INVITE_REF_KEY = 'cinecircle.inviteRef'

/** inviteRefFrom reads ?ref= when it looks like a member id, else null. */
export function inviteRefFrom(search: string | null | undefined): string | null {
  const ref = new URLSearchParams(search ?? '').get('ref')?.trim() ?? ''
  return /^[A-Za-z0-9]{1,32}$/.test(ref) ? ref : null
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>

/** rememberInviteRef keeps an invite's ref from the address for the sign-up form. */
export function rememberInviteRef(search: string, storage: KeyValueStore | null | undefined): void {
  const ref = inviteRefFrom(search)
  if (!ref || !storage) return
  try {
    storage.setItem(INVITE_REF_KEY, ref)
  } catch {
    // Storage can be full or blocked; the invite is then simply not carried over.
  }
}

/** recallInviteRef: the ref in the address, else the one remembered from the landing page. */
export function recallInviteRef(search: string, storage: KeyValueStore | null | undefined): string | null {
  const fromUrl = inviteRefFrom(search)
  if (fromUrl) return fromUrl
  try {
    return inviteRefFrom(`?ref=${storage?.getItem(INVITE_REF_KEY) ?? ''}`)
  } catch {
    return null
  }
}

/** safeSessionStorage: the session storage, or null where the browser blocks it. */
export function safeSessionStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}
