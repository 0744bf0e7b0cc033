// SPEC §3 User, as the server sends it. Email is present only on the member's own record.
export type DisplayPreference = 'fullname' | 'nickname'

export interface User {
  id: string
  firstName: string
  lastName: string
  email?: string
  nickname: string | null
  displayPreference: DisplayPreference
  profileImageUrl: string
}

/** OwnUser is the signed-in member's view of themself (GET /api/auth/user). */
export interface OwnUser extends User {
  email: string
  profileCompleted: boolean
}

/** Any user-ish object: activity authors and comment users carry fewer fields. */
export type UserLike =
  | {
      id?: string | null
      firstName?: string | null
      lastName?: string | null
      email?: string | null
      nickname?: string | null
      displayPreference?: string | null
      profileImageUrl?: string | null
      profileCompleted?: boolean | null
    }
  | null
  | undefined

export const UNKNOWN_USER = 'Unknown User'

/** DELETED_MEMBER names whoever deleted their account where others' words stay (a reply under their comment, a watch together). */
export const DELETED_MEMBER = 'Deleted member'

/** isDeletedMember: the server sends a member who deleted their account as a user with an empty id (nothing else of them is left). */
export function isDeletedMember(user: UserLike): boolean {
  return user != null && user.id === ''
}

const clean = (value: string | null | undefined) => (value ?? '').trim()

/** The parts a name is made of, by the SPEC §3 rules, or null when nothing is known. */
function nameSource(user: UserLike): { kind: 'nickname' | 'fullname' | 'email'; text: string } | null {
  if (!user) return null
  const nickname = clean(user.nickname)
  if (user.displayPreference === 'nickname' && nickname) return { kind: 'nickname', text: nickname }
  const full = `${clean(user.firstName)} ${clean(user.lastName)}`.trim()
  if (full) return { kind: 'fullname', text: full }
  const local = clean(user.email).split('@')[0]?.trim() ?? ''
  if (local) return { kind: 'email', text: local }
  return null
}

/**
 * displayName: the nickname when the member chose to show it and has one; otherwise
 * first plus last name; then the part of the email before the at-sign; then 'Unknown User'.
 * A member who deleted their account is 'Deleted member'.
 */
export function displayName(user: UserLike): string {
  if (isDeletedMember(user)) return DELETED_MEMBER
  return nameSource(user)?.text ?? UNKNOWN_USER
}

const firstLetter = (word: string) => Array.from(word)[0] ?? ''

/** initials follow displayName's rules: up to two letters, '?' when nothing is known. */
export function initials(user: UserLike): string {
  const source = nameSource(user)
  if (!source) return '?'
  const words = source.kind === 'email' ? [source.text] : source.text.split(/\s+/).filter(Boolean)
  const letters =
    words.length > 1 ? firstLetter(words[0] ?? '') + firstLetter(words[words.length - 1] ?? '') : firstLetter(words[0] ?? '')
  return letters.toLocaleUpperCase() || '?'
}

/** hueFromId spreads ids over the colour wheel, so each member keeps one colour. */
export function hueFromId(id: string): number {
  let hash = 0
  for (const ch of id) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  return hash % 360
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)

/**
 * generatedAvatar draws an avatar locally: the initials on a colour taken from the id.
 * (SPEC §3 names an external avatar service; we make it here so no member's id leaves
 * the site and avatars work offline.)
 */
export function generatedAvatar(user: UserLike): string {
  const seed = clean(user?.id) || clean(user?.email) || displayName(user)
  const hue = hueFromId(seed)
  const text = escapeXml(initials(user))
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 58%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 65% 42%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="64" height="64" fill="url(#g)"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#fff" ` +
    `font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="26" font-weight="600">${text}</text>` +
    `</svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** avatarUrl is the member's picture, or the locally generated avatar when there is none. */
export function avatarUrl(user: UserLike): string {
  const url = clean(user?.profileImageUrl)
  return url || generatedAvatar(user)
}

/** largePhotoUrl is the 512 px photo behind a member's 128 px thumb (other URLs as they are). */
export function largePhotoUrl(url: string): string {
  return url.startsWith('/api/files/') ? url.replace(/\?thumb=\d+x\d+$/, '') : url
}

/**
 * needsProfileCompletion applies SPEC §4: the first name is missing, blank or holds an
 * at-sign (an email used as a name), or there is no nickname. Once the member has saved
 * the form (profileCompleted), it does not ask again (DESIGN: readings of the spec).
 */
export function needsProfileCompletion(user: UserLike): boolean {
  if (!user) return false
  if (user.profileCompleted) return false
  const first = clean(user.firstName)
  return !first || first.includes('@') || !clean(user.nickname)
}
