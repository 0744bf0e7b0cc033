// Accessibility end to end (issue 10): axe-core runs in real Chromium against the real
// binary seeded with the demo community, on the landing page, the home feed, a title
// page, a profile and an open dialog, in both themes (each page is scanned in light, then
// switched to dark in place and scanned again). Serious and critical violations fail the
// test, each listed with the elements it hit.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

const DEMO = { email: 'maya.okafor@example.com', password: 'cinecircle-demo' }

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; any: { data?: { contrastRatio?: number; fgColor?: string; bgColor?: string } | null }[] }[]
}

/** describeNode: where a finding is, and for contrast the colours and the ratio found. */
function describeNode(v: AxeViolation, node: AxeViolation['nodes'][number]): string {
  const data = node.any.find((a) => a.data?.contrastRatio)?.data
  const contrast = data ? ` [${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}]` : ''
  return `${v.impact} ${v.id} (${v.help}): ${node.target.join(' ')}${contrast}`
}

/** axe-core's browser build, read once from the pinned package. */
let axeSource: Promise<string> | undefined
const axe = () => (axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))

/**
 * seriousViolations runs axe on the page as it is now (WCAG 2.x A and AA rules and best
 * practices) and returns the serious and critical findings, one line per element. The
 * script is evaluated through the debugging protocol, so the page's CSP does not apply.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  // Judge colours at rest: with transitions off, a button turning enabled or a theme being
  // applied shows its final colours at once, so axe never samples one halfway through.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  // Once per document: a scan of the same page in the other theme reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axe())
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => describeNode(v, n)))
}

test.use({ serverOptions: { demo: true, fresh: false } })

/** signIn signs the demo member in on context, as the sign-in form does. */
async function signIn(context: BrowserContext) {
  const res = await context.request.post('/api/auth/login', { data: DEMO })
  expect(res.ok()).toBe(true)
}

const THEMES = ['light', 'dark'] as const

/**
 * setTheme switches the open page to theme as a choice made in another tab does: the
 * stored preference changes and the storage event carries it to the app.
 */
async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((t) => {
    localStorage.setItem('cinecircle-theme', t)
    window.dispatchEvent(new StorageEvent('storage', { key: 'cinecircle-theme', newValue: t, storageArea: localStorage }))
  }, theme)
  await expect(page.locator('html')).toHaveAttribute('data-theme', `cinecircle-${theme}`)
}

/** expectAccessibleInBothThemes scans the page in light, then in dark, with shown on screen for each. */
async function expectAccessibleInBothThemes(page: Page, shown: Locator) {
  for (const theme of THEMES) {
    await test.step(`${theme} theme`, async () => {
      await setTheme(page, theme)
      await expect(shown).toBeVisible()
      expect(await seriousViolations(page), `${theme} theme`).toEqual([])
    })
  }
}

test.describe('accessibility, light and dark themes', () => {
  test.beforeEach(async ({ context, page }) => {
    await context.addInitScript(() => localStorage.setItem('cinecircle-theme', 'light'))
    // The landing page has no transitions left to settle once reduced motion is asked for.
    await page.emulateMedia({ reducedMotion: 'reduce' })
  })

  test('landing page', async ({ page }) => {
    await page.goto('/')
    await expectAccessibleInBothThemes(page, page.getByRole('link', { name: 'Start Your Movie Journey' }))
  })

  test('home feed', async ({ page, context }) => {
    await signIn(context)
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible()
    await expect(page.locator('[id^="activity-"]').first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'Trending Movies' }).getByRole('link').first()).toBeVisible()
    await expectAccessibleInBothThemes(page, page.getByRole('heading', { name: 'Your Feed' }))
  })

  test('title page', async ({ page, context }) => {
    await signIn(context)
    await page.goto('/')
    const first = page.getByRole('region', { name: 'Trending Movies' }).getByRole('link').first()
    await expect(first).toBeVisible()
    await page.goto((await first.getAttribute('href'))!)
    await expectAccessibleInBothThemes(page, page.getByRole('heading', { level: 1 }))
  })

  test('profile', async ({ page, context }) => {
    await signIn(context)
    await page.goto('/profile')
    await expectAccessibleInBothThemes(page, page.getByRole('heading', { level: 1 }))
  })

  test('an open dialog', async ({ page, context }) => {
    await signIn(context)
    await page.goto('/')
    await page.getByRole('button', { name: /Account menu/ }).click()
    await expectAccessibleInBothThemes(page, page.getByRole('menuitem', { name: 'Install App' }))
    await page.getByRole('menuitem', { name: 'Install App' }).click()
    await expectAccessibleInBothThemes(page, page.getByRole('dialog', { name: 'Install CineCircle' }))
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: /What movie did you watch recently/ }).click()
    await expectAccessibleInBothThemes(page, page.getByRole('dialog'))
  })
})

test.describe('accessibility by keyboard', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => localStorage.setItem('cinecircle-theme', 'dark'))
    await signIn(context)
  })

  test('reaches every header control by keyboard and works the avatar menu and a dialog with keys only', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible()
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        return (el?.getAttribute('aria-label') ?? el?.innerText ?? '').trim()
      })
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim())
    const reached: string[] = []
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      reached.push(await focusedName())
    }
    for (const name of ['Skip to content', 'CineCircle home', 'Explore', 'Challenges', 'Friends', 'Leaderboards']) expect(reached).toContain(name)
    expect(reached.some((n) => n.startsWith('Notifications'))).toBe(true)
    expect(reached.some((n) => n.startsWith('Account menu'))).toBe(true)

    // The avatar menu: Enter opens it on its first entry, arrows move, Escape closes.
    await page.getByRole('button', { name: /Account menu/ }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(focusedText).toBe('Profile')
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedText).toBe('Invite a Friend')
    await page.keyboard.press('ArrowDown')
    await expect.poll(focusedText).toBe('Install App')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Install CineCircle' })
    await expect(dialog).toBeVisible()
    // Tab stays inside the dialog; Escape closes it.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: /Account menu/ }).focus()
    await page.keyboard.press('ArrowUp')
    await expect.poll(focusedText).toBe('Logout')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu', { name: 'Account' })).toBeHidden()
    expect(await focusedName()).toMatch(/^Account menu/)
  })
})
