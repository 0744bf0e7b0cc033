// Accessibility end to end (issue 10): axe-core runs in real Chromium against the real
// binary seeded with the demo community, on the landing page, the home feed, a title
// page, a profile and an open dialog, in both themes. Serious and critical violations
// fail the test, each listed with the elements it hit.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, startServer, visible, type RunningServer } from './harness'

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

let axeSource = ''

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
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => describeNode(v, n)))
}

describe('accessibility', () => {
  let server: RunningServer
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
    server = await startServer({ demo: true })
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await server?.stop()
  })

  for (const theme of ['light', 'dark'] as const) {
    describe(`${theme} theme`, () => {
      beforeAll(async () => {
        await context?.close()
        context = await newContext(browser, server.baseURL)
        await context.addInitScript((t) => localStorage.setItem('cinecircle-theme', t), theme)
        page = await context.newPage()
        // The landing page has no transitions left to settle once reduced motion is asked for.
        await page.emulateMedia({ reducedMotion: 'reduce' })
      })

      it('landing page', async () => {
        await page.goto('/')
        await visible(page.getByRole('link', { name: 'Start Your Movie Journey' }))
        expect(await seriousViolations(page)).toEqual([])
      })

      it('home feed', async () => {
        const res = await context.request.post('/api/auth/login', { data: DEMO })
        expect(res.ok()).toBe(true)
        await page.goto('/')
        await visible(page.getByRole('heading', { name: 'Your Feed' }))
        await visible(page.locator('[id^="activity-"]').first())
        await visible(page.getByRole('region', { name: 'Trending Movies' }).getByRole('link').first())
        expect(await seriousViolations(page)).toEqual([])
      })

      it('title page', async () => {
        await page.goto('/')
        const href = await page.getByRole('region', { name: 'Trending Movies' }).getByRole('link').first().getAttribute('href')
        await page.goto(href!)
        await visible(page.getByRole('heading', { level: 1 }))
        expect(await seriousViolations(page)).toEqual([])
      })

      it('profile', async () => {
        await page.goto('/profile')
        await visible(page.getByRole('heading', { level: 1 }))
        expect(await seriousViolations(page)).toEqual([])
      })

      it('an open dialog', async () => {
        await page.goto('/')
        await page.getByRole('button', { name: /Account menu/ }).click()
        expect(await seriousViolations(page)).toEqual([])
        await page.getByRole('menuitem', { name: 'Install App' }).click()
        await visible(page.getByRole('dialog', { name: 'Install CineCircle' }))
        expect(await seriousViolations(page)).toEqual([])
        await page.keyboard.press('Escape')
        await page.getByRole('button', { name: /What movie did you watch recently/ }).click()
        await visible(page.getByRole('dialog'))
        expect(await seriousViolations(page)).toEqual([])
      })
    })
  }

  it('reaches every header control by keyboard and works the avatar menu and a dialog with keys only', async () => {
    // Still signed in from the dark-theme run.
    await page.goto('/')
    await visible(page.getByRole('heading', { name: 'Your Feed' }))
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        return (el?.getAttribute('aria-label') ?? el?.innerText ?? '').trim()
      })
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
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Profile')
    await page.keyboard.press('ArrowDown')
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Invite a Friend')
    await page.keyboard.press('ArrowDown')
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Install App')
    await page.keyboard.press('Enter')
    const dialog = await visible(page.getByRole('dialog', { name: 'Install CineCircle' }))
    // Tab stays inside the dialog; Escape closes it.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await hidden(dialog)
    await page.getByRole('button', { name: /Account menu/ }).focus()
    await page.keyboard.press('ArrowUp')
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Logout')
    await page.keyboard.press('Escape')
    await hidden(page.getByRole('menu', { name: 'Account' }))
    expect(await focusedName()).toMatch(/^Account menu/)
  })
})
