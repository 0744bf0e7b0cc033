// Sign-up confirmed by email, end to end: with mail set up in the dashboard (here a
// loopback SMTP server), a sign-up never tells whether an address already has an account.
// A new address gets a link that creates the account and signs its owner in; a taken one
// gets an email saying so, and the page reads the same either way. Each test uses an
// address of its own; those that start from a link or an account make them through the API.
import type { Page } from '@playwright/test'
import { startFakeSmtp, type FakeSmtp } from './fake-smtp'
import { expect, test as base } from './fixtures'
import { createMember, signUpViaUi, superuserToken, uniqueEmail } from './harness'

const password = 'popcorn-and-plot'

/** The fixtures of this file: a loopback SMTP server the file's server sends its mail to. */
const test = base.extend<{ mail: FakeSmtp }, { smtp: FakeSmtp }>({
  smtp: [
    async ({}, use) => {
      const smtp = await startFakeSmtp()
      await use(smtp)
      await smtp.close()
    },
    { scope: 'worker' },
  ],
  mail: async ({ smtp, server }, use) => {
    const token = await superuserToken(server)
    const res = await fetch(`${server.baseURL}/api/settings`, {
      method: 'PATCH',
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        meta: { appURL: server.baseURL, senderName: 'CineCircle', senderAddress: 'films@example.org' },
        smtp: { enabled: true, host: '127.0.0.1', port: smtp.port, tls: false },
      }),
    })
    expect(res.status, await res.text()).toBe(200)
    await use(smtp)
  },
})

/** checkYourEmail returns what the page says once a sign-up is sent. */
async function checkYourEmail(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  return (await page.getByRole('status').innerText()).trim()
}

const signedIn = async (page: Page) => (await page.request.get('/api/auth/user')).status()

/** confirmLink is the link of the confirmation email sent to email after since messages. */
async function confirmLink(mail: FakeSmtp, email: string, since = 0): Promise<string> {
  const message = await mail.waitForMail(email.toLowerCase(), since)
  return /href="([^"]*\/confirm-email\?token=[^"]+)"/.exec(message.text)?.[1] ?? ''
}

/** confirmThroughApi opens link as its page does: the account exists from then on. */
async function confirmThroughApi(baseURL: string, link: string) {
  const token = new URL(link).searchParams.get('token')
  const res = await fetch(`${baseURL}/api/auth/confirm-email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  expect(res.status, await res.text()).toBe(200)
}

test.describe('sign-up confirmed by email', () => {
  test('a new address gets a link; nothing exists until it is opened', async ({ page, mail, server }) => {
    const email = uniqueEmail('newcomer')
    await page.goto('/login?mode=signup')
    await signUpViaUi(page, { email, password, firstName: 'Nora', lastName: 'Newcomer' })
    const answer = await checkYourEmail(page)
    expect(answer).toContain(email.toLowerCase())
    expect(await signedIn(page)).toBe(401)

    const message = await mail.waitForMail(email.toLowerCase())
    expect(message.subject).toContain('Confirm your email')
    const link = /href="([^"]*\/confirm-email\?token=[^"]+)"/.exec(message.text)?.[1] ?? ''
    expect(link.startsWith(`${server.baseURL}/confirm-email?token=`)).toBe(true)

    const signIn = await page.request.post('/api/auth/login', { data: { email, password } })
    expect(signIn.status()).toBe(400) // no account yet
  })

  test('the link creates the account and signs its owner in', async ({ page, mail, server }) => {
    const email = uniqueEmail('newcomer')
    const since = mail.mails.length
    await createMember(server.baseURL, { email, password, firstName: 'Nora', lastName: 'Newcomer' })
    const link = await confirmLink(mail, email, since)
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible()
    await expect(page.getByText(`One step left: confirm ${email.toLowerCase()} to create your account.`)).toBeVisible()
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(page).toHaveURL((url) => url.pathname + url.search === '/')
    const me = (await (await page.request.get('/api/auth/user')).json()) as { email: string; firstName: string }
    expect(me).toMatchObject({ email: email.toLowerCase(), firstName: 'Nora' })
  })

  test('signing up again with the taken address reads the same and mails its owner', async ({ page, mail, server }) => {
    // The address's first sign-up, through the same page, and its link opened.
    const email = uniqueEmail('newcomer')
    const since = mail.mails.length
    await page.goto('/login?mode=signup')
    await signUpViaUi(page, { email, password, firstName: 'Nora', lastName: 'Newcomer' })
    const firstAnswer = await checkYourEmail(page)
    await confirmThroughApi(server.baseURL, await confirmLink(mail, email, since))

    const before = mail.mails.length
    await page.goto('/login?mode=signup')
    await signUpViaUi(page, { email, password: 'another-password', firstName: 'Mallory' })
    const said = await checkYourEmail(page)
    expect(said).toBe(firstAnswer)
    expect(said).toContain('If this address already has an account, the email tells you how to sign in instead.')
    expect(await signedIn(page)).toBe(401)

    const message = await mail.waitForMail(email.toLowerCase(), before)
    expect(message.text).toContain('already has an account, so nothing was changed')
    expect(message.text).not.toContain('/confirm-email')

    // the account keeps its password
    const signIn = await page.request.post('/api/auth/login', { data: { email, password } })
    expect(signIn.status()).toBe(200)
  })

  test('a used link says so and points to sign in', async ({ page, mail, server }) => {
    const email = uniqueEmail('newcomer')
    const since = mail.mails.length
    await createMember(server.baseURL, { email, password, firstName: 'Nora', lastName: 'Newcomer' })
    const link = await confirmLink(mail, email, since)
    await confirmThroughApi(server.baseURL, link)

    await page.goto(link)
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await expect(page.getByText('This email address already has an account. Sign in instead.')).toBeVisible()
    await page.getByRole('link', { name: 'Go to sign in' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/login')
    expect(await signedIn(page)).toBe(401)
  })
})
