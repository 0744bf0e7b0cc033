// Sign-up confirmed by email, end to end: with mail set up in the dashboard (here a
// loopback SMTP server), a sign-up never tells whether an address already has an account.
// A new address gets a link that creates the account and signs its owner in; a taken one
// gets an email saying so, and the page reads the same either way.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeSmtp, type FakeSmtp } from './fake-smtp'
import { launchBrowser, newContext, pathOf, signUpViaUi, startServer, superuserToken, uniqueEmail, visible, type RunningServer } from './harness'

let server: RunningServer
let smtp: FakeSmtp
let browser: Browser
const contexts: BrowserContext[] = []
const email = uniqueEmail('newcomer')
const password = 'popcorn-and-plot'
let firstLink = ''
let firstAnswer = ''

async function freshPage(): Promise<Page> {
  const ctx = await newContext(browser, server.baseURL)
  contexts.push(ctx)
  return ctx.newPage()
}

/** checkYourEmail returns what the page says once a sign-up is sent. */
async function checkYourEmail(page: Page): Promise<string> {
  await visible(page.getByRole('heading', { name: 'Check your email' }))
  return (await page.getByRole('status').innerText()).trim()
}

const signedIn = async (page: Page) => (await page.request.get('/api/auth/user')).status()

beforeAll(async () => {
  ;[server, smtp] = await Promise.all([startServer(), startFakeSmtp()])
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
  browser = await launchBrowser()
})

afterAll(async () => {
  for (const ctx of contexts) await ctx.close()
  await browser?.close()
  await server?.stop()
  await smtp?.close()
})

describe('sign-up confirmed by email', () => {
  it('a new address gets a link; nothing exists until it is opened', async () => {
    const page = await freshPage()
    await page.goto('/login?mode=signup')
    await signUpViaUi(page, { email, password, firstName: 'Nora', lastName: 'Newcomer' })
    firstAnswer = await checkYourEmail(page)
    expect(firstAnswer).toContain(email.toLowerCase())
    expect(await signedIn(page)).toBe(401)

    const mail = await smtp.waitForMail(email.toLowerCase())
    expect(mail.subject).toContain('Confirm your email')
    firstLink = /href="([^"]*\/confirm-email\?token=[^"]+)"/.exec(mail.text)?.[1] ?? ''
    expect(firstLink.startsWith(`${server.baseURL}/confirm-email?token=`)).toBe(true)

    const signIn = await page.request.post('/api/auth/login', { data: { email, password } })
    expect(signIn.status()).toBe(400) // no account yet
  })

  it('the link creates the account and signs its owner in', async () => {
    const page = await freshPage()
    await page.goto(firstLink)
    await visible(page.getByRole('heading', { name: 'Confirm your email' }))
    await visible(page.getByText(`One step left: confirm ${email.toLowerCase()} to create your account.`))
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(pathOf(page)).toBe('/')
    const me = (await (await page.request.get('/api/auth/user')).json()) as { email: string; firstName: string }
    expect(me).toMatchObject({ email: email.toLowerCase(), firstName: 'Nora' })
  })

  it('signing up again with the taken address reads the same and mails its owner', async () => {
    const page = await freshPage()
    const before = smtp.mails.length
    await page.goto('/login?mode=signup')
    await signUpViaUi(page, { email, password: 'another-password', firstName: 'Mallory' })
    const said = await checkYourEmail(page)
    expect(said).toBe(firstAnswer)
    expect(said).toContain('If this address already has an account, the email tells you how to sign in instead.')
    expect(await signedIn(page)).toBe(401)

    const mail = await smtp.waitForMail(email.toLowerCase(), before)
    expect(mail.text).toContain('already has an account, so nothing was changed')
    expect(mail.text).not.toContain('/confirm-email')

    // the account keeps its password
    const signIn = await page.request.post('/api/auth/login', { data: { email, password } })
    expect(signIn.status()).toBe(200)
  })

  it('a used link says so and points to sign in', async () => {
    const page = await freshPage()
    await page.goto(firstLink)
    await page.getByRole('button', { name: 'Confirm and sign in' }).click()
    await visible(page.getByText('This email address already has an account. Sign in instead.'))
    await page.getByRole('link', { name: 'Go to sign in' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    expect(await signedIn(page)).toBe(401)
  })
})
