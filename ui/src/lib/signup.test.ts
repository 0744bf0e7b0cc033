import { describe, expect, it } from 'vitest'
import { signupTokenEmail } from './signup'

/** token builds an unsigned JWT-shaped string around a payload, base64url-encoded. */
function token(payload: unknown): string {
  const b64 = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url')
  return `eyJhbGciOiJIUzI1NiJ9.${b64}.signature`
}

describe('signupTokenEmail', () => {
  it('reads the address of a sign-up token, UTF-8 and base64url included', () => {
    expect(signupTokenEmail(token({ type: 'signup', email: 'zoë+films@example.com', firstName: '>?>' }))).toBe('zoë+films@example.com')
  })

  it('reads nothing from other tokens and from garbage', () => {
    expect(signupTokenEmail(token({ type: 'auth', email: 'a@example.com' }))).toBe('')
    expect(signupTokenEmail(token({ type: 'signup' }))).toBe('')
    expect(signupTokenEmail(token('signup'))).toBe('')
    expect(signupTokenEmail('not-a-token')).toBe('')
    expect(signupTokenEmail('a.%%%.c')).toBe('')
    expect(signupTokenEmail('')).toBe('')
  })
})
