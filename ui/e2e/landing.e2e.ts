// The landing that ships almost no JavaScript (issue 26): index.html is the landing page
// rendered at build time from the React component, moved by a few KB of inline script; the
// app's code loads only when the visitor signs in (or opens another page), and a member's
// app starts before the first paint, so a member never sees the landing: a member at /
// sees the home's own skeleton first (index.html carries it), then the home.
import type { Page, Request } from '@playwright/test'
import { expect, test } from './fixtures'
import { signUpViaApi } from './harness'
import { HOME_ANSWERS } from '../src/startup/homeAnswers'

/** The landing's step lock: a key within it is ignored by design. */
const STEP_LOCK_MS = 500

/** appScripts: the code files (/assets/*.js) the page asks for from now on. */
function appScripts(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (req: Request) => {
    if (req.resourceType() === 'script' || /\/assets\/[^/]+\.js$/.test(req.url())) urls.push(new URL(req.url()).pathname)
  })
  return urls
}

/**
 * watchLandingPaint: before every frame the page paints, note whether the landing's call to
 * action is visible (window.__landingPainted), so a landing that flashes is caught.
 */
async function watchLandingPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __landingPainted: boolean }
    w.__landingPainted = false
    const frame = () => {
      const cta = [...document.querySelectorAll('a')].find((a) => a.textContent?.includes('Start Your Movie Journey'))
      if (cta?.checkVisibility()) w.__landingPainted = true
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
}

const landingPainted = (page: Page) => page.evaluate(() => (window as unknown as { __landingPainted: boolean }).__landingPainted)

test.describe('landing', () => {
  test.use({ reducedMotion: 'no-preference' }) // the landing's motion is part of what it tests
  test('serves the landing pre-rendered in index.html, moving with no app code until the visitor signs in', async ({ page, request }) => {
    // The HTML itself carries the landing's text, before any script runs.
    const html = await (await request.get('/')).text()
    for (const text of ['Start Your Movie Journey', 'Where friends become film critics', 'Track. Rate. Connect.', 'Your Movie Journey, Visualized', 'Ready to Start?', 'Get Started Now']) {
      expect(html).toContain(text)
    }
    expect(html).not.toMatch(/<script[^>]+src=/) // no code file is named in the page

    const scripts = appScripts(page)
    await watchLandingPaint(page)
    await page.goto('/?ref=abc123')
    await expect(page.getByRole('link', { name: 'Start Your Movie Journey' })).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('heading', { name: 'Track. Rate. Connect.' })).toBeVisible()
    await expect(page.locator('nav[aria-label="Sections"] [aria-current="step"]')).toHaveAttribute('aria-label', /section 2:/)
    await page.waitForTimeout(STEP_LOCK_MS + 50)
    await page.getByRole('button', { name: /Go to section 1/ }).click()
    await expect(page.getByRole('link', { name: 'Start Your Movie Journey' })).toBeVisible()
    // The invite's ref waits for the sign-up form, as the React landing kept it.
    expect(await page.evaluate(() => sessionStorage.getItem('cinecircle.inviteRef'))).toBe('abc123')
    expect(await landingPainted(page)).toBe(true)
    expect(scripts).toEqual([])

    // Signing in is where the app's code starts loading.
    await page.getByRole('link', { name: 'Start Your Movie Journey' }).click()
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
    expect(scripts.some((s) => /^\/assets\/index-[^/]+\.js$/.test(s))).toBe(true)
  })

  test("starts a member's app at / without ever painting the landing, and shows it again after sign-out", async ({ page, context }) => {
    await signUpViaApi(context, { firstName: 'Mira', lastName: 'Start' })
    await watchLandingPaint(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible()
    expect(await landingPainted(page)).toBe(false)
    await expect(page.locator('#landing')).toHaveCount(0)

    // Signed out, the same browser gets the pre-rendered landing and no app code.
    await page.goto('/api/logout')
    await expect(page).toHaveURL((url) => url.pathname === '/')
    await expect(page.getByRole('link', { name: 'Start Your Movie Journey' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.dataset.start)).toBe('landing')
    const scripts = appScripts(page)
    await page.reload()
    await expect(page.getByRole('link', { name: 'Start Your Movie Journey' })).toBeVisible()
    expect(scripts).toEqual([])
  })

  test("paints the member home's skeleton before any app code runs, and asks for the first screen's data once", async ({ page, context }) => {
    await signUpViaApi(context, { firstName: 'Sven', lastName: 'Skeleton' })
    const asked = new Map<string, number>()
    page.on('request', (req) => {
      const url = new URL(req.url())
      const path = url.pathname + url.search
      asked.set(path, (asked.get(path) ?? 0) + 1)
    })
    // The app's entry is held back: what shows meanwhile is index.html's own markup.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    const prompt = page.locator('#first-paint').getByText('What movie did you watch recently?')
    await expect(prompt).toBeVisible()
    await expect(page.locator('#first-paint').getByText('Your Feed')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('deferred')
    // Hidden from screen readers, nothing to press; the feed says it is loading.
    await expect(page.locator('#first-paint [aria-hidden="true"]').first()).toBeAttached()
    await expect(page.locator('#first-paint').getByRole('button')).toHaveCount(0)
    await expect(page.locator('#first-paint').getByText('Loading feed')).toBeAttached()

    release()
    await expect(page.getByRole('button', { name: 'What movie did you watch recently?' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible()
    await expect(page.locator('#first-paint')).toHaveCount(0)
    await expect(page.getByText('Your Stats This Month')).toBeVisible()
    // The startup script asked for the first screen's data while the code loaded; the app
    // took those answers instead of asking again.
    const viewportIsLarge = await page.evaluate((media) => matchMedia(media).matches, HOME_ANSWERS.largeMedia)
    const expected = [...HOME_ANSWERS.all, ...(viewportIsLarge ? HOME_ANSWERS.large : []), '/api/auth/user']
    await expect.poll(() => expected.filter((u) => asked.get(u) !== 1), { timeout: 5_000 }).toEqual([])
    // The page's load event came before the held code: the recovery judged the start once
    // the code ran, a good one (no recovery screen, no reload).
    await expect(page.locator('#recovery-screen')).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('started')
  })
})
