// Sign-up confirmation links (/confirm-email?token=…). The token is a signed JWT whose
// payload names the address being confirmed; the page shows it, and knows the sign-up is
// done once that address is the signed-in member.

/** signupTokenEmail reads the address from a sign-up token's payload, or '' when unreadable. */
export function signupTokenEmail(token: string): string {
  const payload = token.split('.')[1]
  if (!payload) return ''
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0))
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes))
    if (typeof claims !== 'object' || claims === null) return ''
    const { type, email } = claims as { type?: unknown; email?: unknown }
    return type === 'signup' && typeof email === 'string' ? email : ''
  } catch {
    return ''
  }
}
