// Catalog end to end: the header search and its dropdown, the Explore page's tabs, movie and
// TV pages with seasons, trending on home and the About credits, against the real binary
// and its embedded catalog (no TMDB key, so no network).
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, pathOf, signUpViaApi, startServer, visible, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page

/** waitForPath waits until the page's path plus query satisfies test. */
async function waitForPath(p: Page, test: (path: string) => boolean, timeout = 10_000) {
  const deadline = Date.now() + timeout
  while (!test(pathOf(p))) {
    if (Date.now() > deadline) throw new Error(`path stayed ${pathOf(p)}`)
    await p.waitForTimeout(50)
  }
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  context = await newContext(browser, server.baseURL)
  // Signs up and saves the profile, so the blocking Complete Your Profile modal stays shut.
  await signUpViaApi(context, { firstName: 'Casey', lastName: 'Critic' })
  page = await context.newPage()
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
})

describe('catalog', () => {
  it('finds The Matrix from the header search and opens its page', async () => {
    await page.goto('/')
    const box = await visible(page.getByRole('combobox', { name: 'Search movies and TV shows' }))
    await box.pressSequentially('matrix')
    const listbox = await visible(page.getByRole('listbox', { name: 'Search results' }))
    expect(await box.getAttribute('aria-expanded')).toBe('true')
    const matrix = listbox.getByRole('option').filter({ has: page.getByText('The Matrix', { exact: true }) })
    await visible(matrix.first())
    await matrix.first().click()

    await waitForPath(page, (p) => /^\/movie\/\d+$/.test(p))
    await visible(page.getByRole('heading', { level: 1, name: 'The Matrix' }))
    await visible(page.getByText('1999', { exact: true }))
    await hidden(page.getByRole('listbox', { name: 'Search results' }))
  })

  it('moves through the dropdown with the keyboard and closes it with Escape', async () => {
    await page.goto('/')
    const box = await visible(page.getByRole('combobox', { name: 'Search movies and TV shows' }))
    // One character never searches (SPEC §5).
    await box.pressSequentially('m')
    await page.waitForTimeout(500)
    expect(await page.getByRole('listbox', { name: 'Search results' }).count()).toBe(0)

    await box.pressSequentially('atrix')
    const first = await visible(page.getByRole('option').first())
    await box.press('ArrowDown')
    expect(await first.getAttribute('aria-selected')).toBe('true')
    expect(await box.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'))

    await box.press('Escape')
    await hidden(page.getByRole('listbox', { name: 'Search results' }))
    expect(await box.getAttribute('aria-expanded')).toBe('false')

    await box.press('ArrowDown')
    await visible(page.getByRole('listbox', { name: 'Search results' }))
    await box.press('Enter')
    await waitForPath(page, (p) => /^\/movie\/\d+$/.test(p))
    await visible(page.getByRole('heading', { level: 1 }))
  })

  it('switches the Explore page to TV and finds Breaking Bad', async () => {
    await page.goto('/search?q=breaking&tab=movies')
    expect(await page.getByRole('searchbox', { name: 'Search movies and TV shows' }).inputValue()).toBe('breaking')
    await page.getByRole('tab', { name: /^TV Shows/ }).click()
    await waitForPath(page, (p) => new URLSearchParams(p.split('?')[1]).get('tab') === 'tv')
    expect(new URLSearchParams(pathOf(page).split('?')[1]).get('q')).toBe('breaking')
    const show = await visible(page.getByRole('link', { name: /Breaking Bad/ }).first())
    await show.click()

    await waitForPath(page, (p) => /^\/tv\/\d+$/.test(p))
    await visible(page.getByRole('heading', { level: 1, name: 'Breaking Bad' }))
    await visible(page.getByText('2008', { exact: true }))
    await visible(page.getByText('5 Seasons', { exact: true }))
  })

  it('lists the seasons of a show with their episode counts, and opens one', async () => {
    // The previous test left us on Breaking Bad's page.
    if (!/^\/tv\/\d+$/.test(pathOf(page))) {
      await page.goto('/search?q=breaking&tab=tv')
      await (await visible(page.getByRole('link', { name: /Breaking Bad/ }).first())).click()
      await waitForPath(page, (p) => /^\/tv\/\d+$/.test(p))
    }
    await visible(page.getByRole('heading', { level: 2, name: 'Seasons' }))
    const season1 = await visible(page.getByRole('button', { name: /^Season 1\b/ }))
    expect(await season1.textContent()).toContain('7 episodes')
    await visible(page.getByRole('button', { name: /^Season 2\b.*13 episodes/ }))
    await visible(page.getByRole('button', { name: /^Season 5\b.*16 episodes/ }))

    await season1.click()
    expect(await season1.getAttribute('aria-expanded')).toBe('true')
    const episodes = page.getByRole('region', { name: 'Season 1 episodes' })
    await visible(episodes.getByRole('listitem').first())
    expect(await episodes.getByText('Episodes could not be loaded.').count()).toBe(0)
  })

  it('says when a search has no results, naming the query', async () => {
    await page.goto('/search?q=zzqxqzz&tab=movies')
    await visible(page.getByText('No movies found for “zzqxqzz”'))
  })

  it('shows a friendly page for an unknown title', async () => {
    await page.goto('/movie/999999999')
    await visible(page.getByRole('heading', { name: 'Movie not found' }))
  })

  it('shows trending movies and shows on the home page', async () => {
    await page.goto('/')
    const movies = await visible(page.getByRole('region', { name: 'Trending Movies' }))
    const shows = await visible(page.getByRole('region', { name: 'Trending TV Shows' }))
    await visible(movies.getByRole('link').first())
    expect(await movies.getByRole('link').count()).toBeLessThanOrEqual(6)
    expect(await shows.getByRole('link').count()).toBeGreaterThan(0)
    expect(await shows.getByRole('link').count()).toBeLessThanOrEqual(6)
    const href = await movies.getByRole('link').first().getAttribute('href')
    expect(href).toMatch(/^\/movie\/\d+$/)
  })

  it('credits the catalog on the About page', async () => {
    await page.goto('/about')
    await visible(page.getByRole('heading', { level: 1, name: 'About CineCircle' }))
    await visible(page.getByText(/curated catalog/))
  })
})
