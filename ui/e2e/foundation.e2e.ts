import { expect, test } from './fixtures'
import { createMember, DEFAULT_PASSWORD, SESSION_COOKIE, signInViaUi, signUpViaApi, signUpViaUi } from './harness'

/** The landing's step lock: arrow keys and wheel turns within it are ignored by design. */
const STEP_LOCK_MS = 500

test.describe('foundation', () => {
  test('shows the landing page with its four sections and sends both buttons to /api/login', async ({ page }) => {
    // The page's clock is Playwright's: the test moves it past the step lock instead of waiting.
    await page.clock.install()
    await page.goto('/')
    const titles = ['Track. Rate. Connect.', 'Your Movie Journey, Visualized', 'Ready to Start?']
    await expect(page.getByRole('link', { name: 'Start Your Movie Journey' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Start Your Movie Journey' })).toHaveAttribute('href', '/api/login')

    // Arrow keys step through the sections; the dots say which one is showing.
    for (const title of titles) {
      await page.keyboard.press('ArrowDown')
      await expect(page.locator(`nav[aria-label="Sections"] [aria-current="step"][aria-label$="${title}"]`)).toBeVisible()
      await expect(page.getByRole('heading', { name: title })).toBeVisible()
      await page.clock.runFor(STEP_LOCK_MS + 50) // the next key would fall inside the lock
    }
    const cta = page.getByRole('link', { name: 'Get Started Now' })
    await expect(cta).toBeVisible()
    await expect(cta).toHaveAttribute('href', '/api/login')

    await page.keyboard.press('ArrowUp')
    await expect(page.locator('nav[aria-label="Sections"] [aria-current="step"][aria-label$="Your Movie Journey, Visualized"]')).toBeVisible()
    await page.clock.runFor(STEP_LOCK_MS + 50)
    await page.getByRole('button', { name: /Go to section 1/ }).click()
    await expect(page.locator('nav[aria-label="Sections"] [aria-current="step"][aria-label^="Go to section 1"]')).toBeVisible()
    await page.clock.runFor(STEP_LOCK_MS + 50)

    await page.getByRole('link', { name: 'Start Your Movie Journey' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/login')
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  })

  test('asks a new member to complete the profile, blocking until a first name is saved, then logs out', async ({ page, context }) => {
    await page.goto('/login')
    const nameRequests: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/auth/user/name')) nameRequests.push(req.method())
    })

    await signUpViaUi(page) // no first name
    const modal = page.getByRole('dialog', { name: 'Complete Your Profile' })
    await expect(modal).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname + url.search === '/')

    // Blocking: Escape and a click outside leave it open; there is no close button.
    await page.keyboard.press('Escape')
    await page.mouse.click(8, 8)
    await page.waitForTimeout(300) // time for a wrong close to happen
    await expect(modal).toBeVisible()
    await expect(modal.getByRole('button', { name: /close/i })).toHaveCount(0)

    // A blank first name is refused locally: toast, nothing sent.
    await modal.getByLabel('First name').fill('   ')
    await modal.getByRole('button', { name: 'Save Profile' }).click()
    await expect(page.getByText('First Name Required')).toBeVisible()
    await expect(page.getByText('Please enter your first name.')).toBeVisible()
    expect(nameRequests).toEqual([])

    // The display option appears only with a nickname.
    await expect(modal.getByRole('radio')).toHaveCount(0)
    await modal.getByLabel('Nickname', { exact: true }).fill('Z')
    await expect(modal.getByRole('radio', { name: /Nickname/ })).toBeVisible()
    await modal.getByLabel('Nickname', { exact: true }).fill('')
    await expect(modal.getByRole('radio', { name: /Nickname/ })).toBeHidden()

    await modal.getByLabel('First name').fill('Zoë')
    await modal.getByRole('button', { name: 'Save Profile' }).click()
    await expect(modal).toBeHidden()
    await expect(page.getByText('Profile Updated')).toBeVisible()
    expect(nameRequests).toEqual(['PATCH'])
    const headerName = page.getByTestId('header-user-name')
    await expect(headerName).toBeVisible()
    await expect(headerName).toHaveText('Zoë')
    await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible()
    await expect(page.getByText('Your feed is empty. Start following friends or add some movies to get started!')).toBeVisible()

    // Saved once: it does not come back on reload even without a nickname.
    await page.reload()
    await expect(page.getByTestId('header-user-name')).toBeVisible()
    await expect(modal).toHaveCount(0)

    // Logout is a full-page navigation to /api/logout, which returns to the landing page.
    await page.goto('/api/logout')
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(page.getByRole('link', { name: 'Start Your Movie Journey' })).toBeVisible()
    const me = await page.request.get('/api/auth/user')
    expect(me.status()).toBe(401)
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE && c.value)).toBe(false)
  })

  test('refuses a wrong password without setting a cookie', async ({ page, context, server }) => {
    const member = await createMember(server.baseURL, { firstName: 'Ada' })
    await page.goto('/login')
    await signInViaUi(page, { email: member.email, password: 'not-the-password' })
    await expect(page.getByText('Invalid email or password.')).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname + url.search === '/login')
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE)).toBe(false)
  })

  test('sends the forgotten-password email and explains an invalid reset link', async ({ page, server }) => {
    const member = await createMember(server.baseURL, { firstName: 'Iris' })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
    await page.getByLabel('Email').fill(member.email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
    await expect(page.getByText(member.email)).toBeVisible()

    await page.goto('/reset-password/not-a-real-token')
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByLabel('Confirm new password').fill('short')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible()
    await page.getByLabel('New password', { exact: true }).fill('a-long-new-password')
    await page.getByLabel('Confirm new password').fill('a-long-new-password')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' })).toBeVisible()
  })

  test('sends a visitor to sign in and back to the page they wanted', async ({ page, context, server }) => {
    const member = await createMember(server.baseURL, { firstName: 'Ravi', lastName: 'Patel' })
    await page.goto('/friends')
    await expect(page).toHaveURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('next')).toBe('/friends')
    await signInViaUi(page, member)
    await expect(page).toHaveURL((url) => url.pathname === '/friends')
    await expect(page.getByRole('heading', { name: 'Friends', exact: true })).toBeVisible()
    expect((await context.cookies()).some((c) => c.name === SESSION_COOKIE && c.value)).toBe(true)
  })

  test('shows a not-found page for unknown paths and JSON 404 for unknown API routes', async ({ page, context, server }) => {
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()

    const res = await fetch(`${server.baseURL}/api/no-such-route`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    const body = (await res.json()) as { status: number }
    expect(body.status).toBe(404)

    // Signed in, the not-found page sits inside the app frame.
    await signUpViaApi(context)
    await page.goto('/also/not/here')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByTestId('header-user-name')).toBeVisible()
  })

  test('changes the password and keeps the session signed in', async ({ page, context, server }) => {
    const member = await signUpViaApi(context, { firstName: 'Lena', lastName: 'Berg' })
    await page.goto('/settings/password')
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible()

    const form = page.locator('form')
    // Too short: caught before sending.
    await form.getByLabel('Current password').fill(member.password)
    await form.getByLabel('New password', { exact: true }).fill('short')
    await form.getByLabel('Confirm new password').fill('short')
    await form.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible()

    // Wrong current password: the server's message under its field.
    await form.getByLabel('Current password').fill('wrong-password')
    await form.getByLabel('New password', { exact: true }).fill('a-brand-new-secret')
    await form.getByLabel('Confirm new password').fill('a-brand-new-secret')
    await form.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByText('The current password is not correct.')).toBeVisible()

    await form.getByLabel('Current password').fill(member.password)
    await form.getByRole('button', { name: 'Update Password' }).click()
    await expect(page.getByText('Password Changed')).toBeVisible()
    await expect(form.getByLabel('Current password')).toHaveValue('')

    await page.reload()
    await expect(page.getByTestId('header-user-name')).toBeVisible()
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

  test('keeps the theme choice and offers the account menu by keyboard', async ({ page, context }) => {
    await signUpViaApi(context, { firstName: 'Theo', lastName: 'Nakamura', nickname: 'T-Rex' })
    await page.goto('/')
    const trigger = page.getByRole('button', { name: /Account menu for/ })
    await expect(trigger).toBeVisible()
    await trigger.focus()
    await page.keyboard.press('ArrowDown')
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Profile' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Change Password' })).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible()
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'cinecircle-dark')
    expect(await page.evaluate(() => localStorage.getItem('cinecircle-theme'))).toBe('dark')
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()

    await page.reload()
    await expect(page.getByTestId('header-user-name')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'cinecircle-dark')

    // Unknown stored values fall back to system.
    await page.evaluate(() => localStorage.setItem('cinecircle-theme', 'sepia'))
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    await expect(page.getByTestId('header-user-name')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'cinecircle-light')

    // Profile through the menu shows name, avatar and email.
    await trigger.click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/profile')
    await expect(page.getByTestId('profile-name')).toBeVisible()
    await expect(page.getByTestId('profile-name')).toHaveText('Theo Nakamura')
    await expect(page.getByTestId('profile-email')).toBeVisible()
  })

  test('shows the bottom bar on phones and hides the header name', async ({ newMember }) => {
    const { page } = await newMember({ firstName: 'Pia' }, { viewport: { width: 390, height: 844 } })
    await page.goto('/')
    const bar = page.getByRole('navigation', { name: 'Primary' })
    await expect(bar).toBeVisible()
    await expect(page.getByTestId('header-user-name')).toBeHidden()
    await expect(bar.locator('a[aria-current="page"]', { hasText: 'Home' })).toBeVisible()
    await bar.getByRole('link', { name: 'Explore' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/search')
    await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible()
    await bar.getByRole('link', { name: 'Friends' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/friends' && url.search === '?tab=discover')
    await expect(bar.locator('a[aria-current="page"]', { hasText: 'Friends' })).toBeVisible()
    await page.goto('/movie/603')
    await expect(bar.locator('a[aria-current="page"]', { hasText: 'Explore' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Movie' })).toBeVisible()
  })
})
