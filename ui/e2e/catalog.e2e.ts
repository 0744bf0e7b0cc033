// Catalog end to end: the header search and its dropdown, the Explore page's tabs, movie and
// TV pages with seasons, trending on home and the About credits, against the real binary
// and its embedded catalog (no TMDB key, so no network).
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signUpViaApi } from './harness'

/** expectPath: the page's path plus query comes to satisfy test. */
async function expectPath(p: Page, test: (path: string) => boolean) {
  await expect(p).toHaveURL((url) => test(url.pathname + url.search))
}

const query = (p: Page) => new URL(p.url()).searchParams

// Signs up and saves the profile, so the blocking Complete Your Profile modal stays shut.
test.beforeEach(async ({ context }) => {
  await signUpViaApi(context, { firstName: 'Casey', lastName: 'Critic' })
})

test.describe('catalog', () => {
  test('finds The Matrix from the header search and opens its page', async ({ page }) => {
    await page.goto('/')
    const box = page.getByRole('combobox', { name: 'Search movies and TV shows' })
    await expect(box).toBeVisible()
    await box.pressSequentially('matrix')
    const listbox = page.getByRole('listbox', { name: 'Search results' })
    await expect(listbox).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    const matrix = listbox.getByRole('option').filter({ has: page.getByText('The Matrix', { exact: true }) })
    await expect(matrix.first()).toBeVisible()
    await matrix.first().click()

    await expectPath(page, (p) => /^\/movie\/\d+$/.test(p))
    await expect(page.getByRole('heading', { level: 1, name: 'The Matrix' })).toBeVisible()
    await expect(page.getByText('1999', { exact: true })).toBeVisible()
    await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden()
  })

  test('moves through the dropdown with the keyboard and closes it with Escape', async ({ page }) => {
    await page.goto('/')
    const box = page.getByRole('combobox', { name: 'Search movies and TV shows' })
    await expect(box).toBeVisible()
    // One character never searches (SPEC §5).
    await box.pressSequentially('m')
    await page.waitForTimeout(500) // longer than the search debounce: time for a wrong search
    await expect(page.getByRole('listbox', { name: 'Search results' })).toHaveCount(0)

    await box.pressSequentially('atrix')
    const first = page.getByRole('option').first()
    await expect(first).toBeVisible()
    await box.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)

    await box.press('Escape')
    await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden()
    await expect(box).toHaveAttribute('aria-expanded', 'false')

    await box.press('ArrowDown')
    await expect(page.getByRole('listbox', { name: 'Search results' })).toBeVisible()
    await box.press('Enter')
    await expectPath(page, (p) => /^\/movie\/\d+$/.test(p))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('switches the Explore page to TV and finds Breaking Bad', async ({ page }) => {
    await page.goto('/search?q=breaking&tab=movies')
    await expect(page.getByRole('searchbox', { name: 'Search movies and TV shows' })).toHaveValue('breaking')
    await page.getByRole('tab', { name: /^TV Shows/ }).click()
    await expect(page).toHaveURL((url) => url.searchParams.get('tab') === 'tv')
    expect(query(page).get('q')).toBe('breaking')
    const show = page.getByRole('link', { name: /Breaking Bad/ }).first()
    await expect(show).toBeVisible()
    await show.click()

    await expectPath(page, (p) => /^\/tv\/\d+$/.test(p))
    await expect(page.getByRole('heading', { level: 1, name: 'Breaking Bad' })).toBeVisible()
    await expect(page.getByText('2008', { exact: true })).toBeVisible()
    await expect(page.getByText('5 Seasons', { exact: true })).toBeVisible()
  })

  test('lists the seasons of a show with their episode counts, and opens one', async ({ page }) => {
    await page.goto('/search?q=breaking&tab=tv')
    const show = page.getByRole('link', { name: /Breaking Bad/ }).first()
    await expect(show).toBeVisible()
    await show.click()
    await expectPath(page, (p) => /^\/tv\/\d+$/.test(p))
    await expect(page.getByRole('heading', { level: 2, name: 'Seasons' })).toBeVisible()
    const season1 = page.getByRole('button', { name: /^Season 1\b/ })
    await expect(season1).toBeVisible()
    await expect(season1).toContainText('7 episodes')
    await expect(page.getByRole('button', { name: /^Season 2\b.*13 episodes/ })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Season 5\b.*16 episodes/ })).toBeVisible()

    await season1.click()
    await expect(season1).toHaveAttribute('aria-expanded', 'true')
    const episodes = page.getByRole('region', { name: 'Season 1 episodes' })
    await expect(episodes.getByRole('listitem').first()).toBeVisible()
    await expect(episodes.getByText('Episodes could not be loaded.')).toHaveCount(0)
  })

  test('says when a search has no results, naming the query', async ({ page }) => {
    await page.goto('/search?q=zzqxqzz&tab=movies')
    await expect(page.getByText('No movies found for “zzqxqzz”')).toBeVisible()
  })

  test('shows a friendly page for an unknown title', async ({ page }) => {
    await page.goto('/movie/999999999')
    await expect(page.getByRole('heading', { name: 'Movie not found' })).toBeVisible()
  })

  test('shows trending movies and shows on the home page', async ({ page }) => {
    await page.goto('/')
    const movies = page.getByRole('region', { name: 'Trending Movies' })
    const shows = page.getByRole('region', { name: 'Trending TV Shows' })
    await expect(movies).toBeVisible()
    await expect(shows).toBeVisible()
    await expect(movies.getByRole('link').first()).toBeVisible()
    expect(await movies.getByRole('link').count()).toBeLessThanOrEqual(6)
    expect(await shows.getByRole('link').count()).toBeGreaterThan(0)
    expect(await shows.getByRole('link').count()).toBeLessThanOrEqual(6)
    await expect(movies.getByRole('link').first()).toHaveAttribute('href', /^\/movie\/\d+$/)
  })

  test('credits the catalog on the About page', async ({ page }) => {
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1, name: 'About CineCircle' })).toBeVisible()
    await expect(page.getByText(/curated catalog/)).toBeVisible()
  })
})
