import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  createMember,
  DEFAULT_PASSWORD,
  hidden,
  launchBrowser,
  newContext,
  pathOf,
  SESSION_COOKIE,
  signInViaUi,
  signUpViaApi,
  signUpViaUi,
  startServer,
  visible,
  type RunningServer,
} from './harness'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('foundation', () => {
  let server: RunningServer
  let browser: Browser
  let context: BrowserContext | undefined

  beforeAll(async () => {
    server = await startServer()
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  async function freshPage(viewport?: { width: number; height: number }): Promise<Page> {
    context = await newContext(browser, server.baseURL, viewport)
    return context.newPage()
  }

  it('shows the landing page with its four sections and sends both buttons to /api/login', async () => {
    const page = await freshPage()
    await page.goto('/')
    const titles = ['Track. Rate. Connect.', 'Your Movie Journey, Visualized', 'Ready to Start?']
    await visible(page.getByRole('link', { name: 'Start Your Movie Journey' }))
    expect(await page.getByRole('link', { name: 'Start Your Movie Journey' }).getAttribute('href')).toBe('/api/login')

    // Arrow keys step through the sections; the dots say which one is showing.
    for (const title of titles) {
      await page.keyboard.press('ArrowDown')
      await visible(page.locator(`nav[aria-label="Sections"] [aria-current="step"][aria-label$="${title}"]`))
      await visible(page.getByRole('heading', { name: title }))
      await sleep(550) // the 500 ms step lock
    }
    const cta = page.getByRole('link', { name: 'Get Started Now' })
    await visible(cta)
    expect(await cta.getAttribute('href')).toBe('/api/login')

    await page.keyboard.press('ArrowUp')
    await visible(page.locator('nav[aria-label="Sections"] [aria-current="step"][aria-label$="Your Movie Journey, Visualized"]'))
    await sleep(550)
    await page.getByRole('button', { name: /Go to section 1/ }).click()
    await visible(page.locator('nav[aria-label="Sections"] [aria-current="step"][aria-label^="Go to section 1"]'))
    await sleep(550)

    await page.getByRole('link', { name: 'Start Your Movie Journey' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await visible(page.getByRole('heading', { name: 'Welcome back' }))
  })

  it('asks a new member to complete the profile, blocking until a first name is saved, then logs out', async () => {
    const page = await freshPage()
    await page.goto('/login')
    const nameRequests: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/user/name')) nameRequests.push(req.method())
    })

    await signUpViaUi(page) // no first name
    const modal = page.getByRole('dialog', { name: 'Complete Your Profile' })
    await visible(modal)
    expect(pathOf(page)).toBe('/')

    // Blocking: Escape and a click outside leave it open; there is no close button.
    await page.keyboard.press('Escape')
    await page.mouse.click(8, 8)
    await sleep(300)
    expect(await modal.isVisible()).toBe(true)
    expect(await modal.getByRole('button', { name: /close/i }).count()).toBe(0)

    // A blank first name is refused locally: toast, nothing sent.
    await modal.getByLabel('First name').fill('   ')
    await modal.getByRole('button', { name: 'Save Profile' }).click()
    await visible(page.getByText('First Name Required'))
    await visible(page.getByText('Please enter your first name.'))
    expect(nameRequests).toEqual([])

    // The display option appears only with a nickname.
    expect(await modal.getByRole('radio').count()).toBe(0)
    await modal.getByLabel('Nickname', { exact: true }).fill('Z')
    await visible(modal.getByRole('radio', { name: /Nickname/ }))
    await modal.getByLabel('Nickname', { exact: true }).fill('')
    await hidden(modal.getByRole('radio', { name: /Nickname/ }))

    await modal.getByLabel('First name').fill('Zoë')
    await modal.getByRole('button', { name: 'Save Profile' }).click()
    await hidden(modal)
    await visible(page.getByText('Profile Updated'))
    expect(nameRequests).toEqual(['PATCH'])
    const headerName = await visible(page.getByTestId('header-user-name'))
    expect(await headerName.textContent()).toBe('Zoë')
    await visible(page.getByRole('heading', { name: 'Your Feed' }))
    await visible(page.getByText('Your feed is empty. Start following friends or add some movies to get started!'))

    // Saved once: it does not come back on reload even without a nickname.
    await page.reload()
    await visible(page.getByTestId('header-user-name'))
    expect(await modal.count()).toBe(0)

    // Logout is a full-page navigation to /api/logout, which returns to the landing page.
    await page.goto('/api/logout')
    await page.waitForURL((url) => url.pathname === '/')
    await visible(page.getByRole('link', { name: 'Start Your Movie Journey' }))
    const me = await page.request.get('/api/auth/user')
    expect(me.status()).toBe(401)
    expect((await context!.cookies()).some((c) => c.name === SESSION_COOKIE && c.value)).toBe(false)
  })

  it('refuses a wrong password without setting a cookie', async () => {
    const member = await createMember(server.baseURL, { firstName: 'Ada' })
    const page = await freshPage()
    await page.goto('/login')
    await signInViaUi(page, { email: member.email, password: 'not-the-password' })
    await visible(page.getByText('Invalid email or password.'))
    expect(pathOf(page)).toBe('/login')
    expect((await context!.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false)
  })

  it('sends the forgotten-password email and explains an invalid reset link', async () => {
    const member = await createMember(server.baseURL, { firstName: 'Iris' })
    const page = await freshPage()
    await page.goto('/login')
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await visible(page.getByRole('heading', { name: 'Forgot your password?' }))
    await page.getByLabel('Email').fill(member.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await visible(page.getByRole('heading', { name: 'Check your inbox' }))
    await visible(page.getByText(member.email))

    await page.goto('/reset-password/not-a-real-token')
    await visible(page.getByRole('heading', { name: 'Choose a new password' }))
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByLabel('Confirm new password').fill('short')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await visible(page.getByText('Use at least 8 characters.'))
    await page.getByLabel('New password', { exact: true }).fill('a-long-new-password')
    await page.getByLabel('Confirm new password').fill('a-long-new-password')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' }))
  })

  it('sends a visitor to sign in and back to the page they wanted', async () => {
    const member = await createMember(server.baseURL, { firstName: 'Ravi', lastName: 'Patel' })
    const page = await freshPage()
    await page.goto('/friends')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('next')).toBe('/friends')
    await signInViaUi(page, member)
    await page.waitForURL((url) => url.pathname === '/friends')
    await visible(page.getByRole('heading', { name: 'Friends', exact: true }))
    expect((await context!.cookies()).some((c) => c.name === SESSION_COOKIE && c.value)).toBe(true)
  })

  it('shows a not-found page for unknown paths and JSON 404 for unknown API routes', async () => {
    const page = await freshPage()
    await page.goto('/no-such-page')
    await visible(page.getByRole('heading', { name: 'Page not found' }))

    const res = await fetch(`${server.baseURL}/api/no-such-route`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    const body = (await res.json()) as { status: number }
    expect(body.status).toBe(404)

    // Signed in, the not-found page sits inside the app frame.
    await signUpViaApi(context!)
    await page.goto('/also/not/here')
    await visible(page.getByRole('heading', { name: 'Page not found' }))
    await visible(page.getByTestId('header-user-name'))
  })

  it('changes the password and keeps the session signed in', async () => {
    const page = await freshPage()
    const member = await signUpViaApi(context!, { firstName: 'Lena', lastName: 'Berg' })
    await page.goto('/settings/password')
    await visible(page.getByRole('heading', { name: 'Change Password' }))

    const form = page.locator('form')
    // Too short: caught before sending.
    await form.getByLabel('Current password').fill(member.password)
    await form.getByLabel('New password', { exact: true }).fill('short')
    await form.getByLabel('Confirm new password').fill('short')
    await form.getByRole('button', { name: 'Update Password' }).click()
    await visible(page.getByText('Use at least 8 characters.'))

    // Wrong current password: the server's message under its field.
    await form.getByLabel('Current password').fill('wrong-password')
    await form.getByLabel('New password', { exact: true }).fill('a-brand-new-secret')
    await form.getByLabel('Confirm new password').fill('a-brand-new-secret')
    await form.getByRole('button', { name: 'Update Password' }).click()
    await visible(page.getByText('The current password is not correct.'))

    await form.getByLabel('Current password').fill(member.password)
    await form.getByRole('button', { name: 'Update Password' }).click()
    await visible(page.getByText('Password Changed'))
    expect(await form.getByLabel('Current password').inputValue()).toBe('')

    await page.reload()
    await visible(page.getByTestId('header-user-name'))
    const me = await page.request.get('/api/auth/user')
    expect(me.status()).toBe(200)

    const newLogin = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: 'a-brand-new-secret' }),
    })
    expect(newLogin.status).toBe(200)
    const oldLogin = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: DEFAULT_PASSWORD }),
    })
    expect(oldLogin.status).toBe(400)
  })

  it('keeps the theme choice and offers the account menu by keyboard', async () => {
    const page = await freshPage()
    await signUpViaApi(context!, { firstName: 'Theo', lastName: 'Nakamura', nickname: 'T-Rex' })
    await page.goto('/')
    const trigger = await visible(page.getByRole('button', { name: /Account menu for/ }))
    await trigger.focus()
    await page.keyboard.press('ArrowDown')
    const menu = await visible(page.getByRole('menu'))
    await visible(menu.getByRole('menuitem', { name: 'Profile' }))
    await visible(menu.getByRole('menuitem', { name: 'Change Password' }))
    await visible(menu.getByRole('menuitem', { name: 'Logout' }))
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('cinecircle-dark')
    expect(await page.evaluate(() => localStorage.getItem('cinecircle-theme'))).toBe('dark')
    await page.keyboard.press('Escape')
    await hidden(menu)

    await page.reload()
    await visible(page.getByTestId('header-user-name'))
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('cinecircle-dark')

    // Unknown stored values fall back to system.
    await page.evaluate(() => localStorage.setItem('cinecircle-theme', 'sepia'))
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    await visible(page.getByTestId('header-user-name'))
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('cinecircle-light')

    // Profile through the menu shows name, avatar and email.
    await trigger.click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await page.waitForURL((url) => url.pathname === '/profile')
    await visible(page.getByTestId('profile-name'))
    expect(await page.getByTestId('profile-name').textContent()).toBe('Theo Nakamura')
    await visible(page.getByTestId('profile-email'))
  })

  it('shows the bottom bar on phones and hides the header name', async () => {
    const page = await freshPage({ width: 390, height: 844 })
    await signUpViaApi(context!, { firstName: 'Pia' })
    await page.goto('/')
    const bar = await visible(page.getByRole('navigation', { name: 'Primary' }))
    expect(await page.getByTestId('header-user-name').isVisible()).toBe(false)
    await visible(bar.locator('a[aria-current="page"]', { hasText: 'Home' }))
    await bar.getByRole('link', { name: 'Explore' }).click()
    await page.waitForURL((url) => url.pathname === '/search')
    await visible(page.getByRole('heading', { name: 'Explore' }))
    await bar.getByRole('link', { name: 'Friends' }).click()
    await page.waitForURL((url) => url.pathname === '/friends' && url.search === '?tab=discover')
    await visible(bar.locator('a[aria-current="page"]', { hasText: 'Friends' }))
    await page.goto('/movie/603')
    await visible(bar.locator('a[aria-current="page"]', { hasText: 'Explore' }))
    await visible(page.getByRole('heading', { name: 'Movie' }))
  })
})
