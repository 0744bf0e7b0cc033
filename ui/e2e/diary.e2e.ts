// Diary end to end: the Add Movie or TV Show dialog (search, pick, status, the 0–10 rating
// control, toasts, validation, keyboard), the profile diary, the watchlist, the home stats
// card, title-page actions, the rate dialog and episode reviews, against the real binary
// and its embedded catalog.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, signUpViaApi, startServer, visible, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page

/** Bodies of the entry writes the page sent, newest last. */
const posted: { url: string; body: Record<string, unknown> }[] = []
let matrixId = 0
let breakingBadId = 0

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  context = await newContext(browser, server.baseURL)
  await signUpViaApi(context, { firstName: 'Devi', lastName: 'Diarist' })
  page = await context.newPage()
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/api\/user\/(movies|tv-shows)$/.test(req.url())) {
      posted.push({ url: new URL(req.url()).pathname, body: req.postDataJSON() as Record<string, unknown> })
    }
  })
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
})

const addDialog = (p: Page) => p.getByRole('dialog', { name: 'Add Movie or TV Show' })

// Diary dates are calendar days in UTC (a picked date is stored as midnight UTC).
const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date())

describe('diary', () => {
  it('logs a watched movie rated 7.25 through the add dialog and shows 7.3/10.0 on the profile', async () => {
    await page.goto('/')
    await page.getByRole('button', { name: 'What movie did you watch recently?' }).click()
    const dialog = await visible(addDialog(page))
    const search = dialog.getByRole('searchbox', { name: 'Find a movie' })
    // Focus starts in the search box.
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true)
    await search.pressSequentially('matrix')
    const results = await visible(dialog.getByRole('list', { name: 'Movie results' }))
    const matrix = await visible(results.getByRole('button', { name: /^The Matrix\s*1999$/ }))
    expect(await results.getByRole('listitem').count()).toBeLessThanOrEqual(5)
    await matrix.click()
    expect(await (await visible(dialog.getByTestId('picked-title'))).textContent()).toBe('The Matrix')
    expect(await dialog.getByLabel('Status').inputValue()).toBe('watched')

    // The rating control: type an exact value; it rounds to one decimal like the server.
    await dialog.getByRole('spinbutton', { name: 'Rating value' }).fill('7.25')
    expect(await dialog.getByRole('slider', { name: 'Rating' }).inputValue()).toBe('7.3')
    await visible(dialog.locator('output', { hasText: '7.3/10.0' }))
    await dialog.getByRole('textbox', { name: /^Review/ }).fill('Red pill, every time.')
    await dialog.getByRole('button', { name: 'Add Movie' }).click()

    await visible(page.getByText('Movie added successfully!'))
    await hidden(dialog)
    const sent = posted.at(-1)
    expect(sent?.url).toBe('/api/user/movies')
    expect(sent?.body).toMatchObject({ status: 'watched', rating: 7.3, review: 'Red pill, every time.', watchedWith: [] })
    // A blank date is left out: the server uses now.
    expect(sent?.body).not.toHaveProperty('watchedAt')
    matrixId = Number(sent?.body.movieId)
    expect(matrixId).toBeGreaterThan(0)

    await page.goto('/profile')
    await visible(page.getByRole('heading', { name: thisMonth }))
    const row = page.getByRole('article').filter({ hasText: 'The Matrix' })
    await visible(row.getByText('7.3/10.0'))
    await visible(row.getByText('Red pill, every time.'))
    await page.getByRole('tab', { name: 'Reviews' }).click()
    await visible(page.getByRole('tabpanel').getByText('Red pill, every time.'))
  })

  it('adds a TV show as plan to watch, without rating fields, and lists it on the watchlist', async () => {
    await page.goto('/')
    await page.getByRole('button', { name: 'What movie did you watch recently?' }).click()
    const dialog = await visible(addDialog(page))
    await dialog.getByRole('radio', { name: 'TV Show' }).check()
    await dialog.getByRole('searchbox', { name: 'Find a TV show' }).pressSequentially('breaking')
    await (await visible(dialog.getByRole('button', { name: /^Breaking Bad\s*2008$/ }))).click()
    await dialog.getByLabel('Status').selectOption('plan_to_watch')
    // Rating, review, date and friends belong to watched and dropped only (SPEC §4).
    expect(await dialog.getByRole('slider', { name: 'Rating' }).count()).toBe(0)
    expect(await dialog.getByRole('textbox', { name: /^Review/ }).count()).toBe(0)
    await dialog.getByRole('button', { name: 'Add TV Show' }).click()

    await visible(page.getByText('TV show added successfully!'))
    await hidden(dialog)
    const sent = posted.at(-1)
    expect(sent?.url).toBe('/api/user/tv-shows')
    breakingBadId = Number(sent?.body.tvShowId)
    expect(sent?.body).toEqual({ tvShowId: breakingBadId, status: 'plan_to_watch' })

    await page.goto('/watchlist')
    const card = await visible(page.getByTestId('watchlist-card').filter({ hasText: 'Breaking Bad' }))
    await visible(card.getByText('watchlist', { exact: true }))
    await visible(card.getByTestId('watchlist-overview'))
    expect(await card.getByTestId('watchlist-overview').textContent()).toContain('chemistry teacher')
    // The watched movie is not on the watchlist; the reserved recommended tab still works.
    expect(await page.getByTestId('watchlist-card').filter({ hasText: 'The Matrix' }).count()).toBe(0)
    await page.goto('/watchlist?tab=recommended')
    await visible(page.getByRole('heading', { name: 'No recommendations yet' }))
  })

  it('asks for a title before adding, and closes with Escape returning focus', async () => {
    await page.goto('/')
    const opener = await visible(page.getByRole('button', { name: 'What movie did you watch recently?' }))
    await opener.click()
    const dialog = await visible(addDialog(page))
    const before = posted.length
    await dialog.getByRole('button', { name: 'Add Movie' }).click()
    await visible(page.getByText('Please select a movie'))
    expect(await dialog.isVisible()).toBe(true)

    await dialog.getByRole('radio', { name: 'TV Show' }).check()
    await dialog.getByRole('button', { name: 'Add TV Show' }).click()
    await visible(page.getByText('Please select a TV show'))
    expect(posted.length).toBe(before)

    // Tab stays inside the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await hidden(dialog)
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('What movie did you watch recently?'))
  })

  it('counts the movie and its hours on the home stats card', async () => {
    await page.goto('/')
    const stats = await visible(page.getByRole('region', { name: 'Your Stats This Month' }))
    await visible(stats.getByTestId('stats-movies').getByText('1', { exact: true }))
    // The Matrix runs 136 minutes: 2.3 hours.
    expect(await stats.getByTestId('stats-hours').textContent()).toBe('2.3')
    expect(await stats.getByTestId('stats-reviews').textContent()).toBe('1')
  })

  it('opens the dialog with the title picked from its page, and rates it without a rewatch', async () => {
    await page.goto(`/movie/${matrixId}`)
    const status = await visible(page.getByTestId('entry-status'))
    await visible(status.getByText('watched', { exact: true }))
    await visible(status.getByText('7.3/10.0'))
    const community = await visible(page.getByTestId('community-rating'))
    expect(await community.textContent()).toContain('7.3/10.0from 1 member')

    await page.getByRole('button', { name: 'Log', exact: true }).click()
    const dialog = await visible(addDialog(page))
    expect(await dialog.getByTestId('picked-title').textContent()).toBe('The Matrix')
    expect(await dialog.getByLabel('Status').inputValue()).toBe('watched')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await hidden(dialog)

    await page.getByRole('button', { name: 'Rate', exact: true }).click()
    const rate = await visible(page.getByRole('dialog', { name: 'Rate The Matrix' }))
    await rate.getByRole('spinbutton', { name: 'Rating value' }).fill('9')
    await rate.getByRole('button', { name: 'Save Rating' }).click()
    await visible(page.getByText('Review Saved'))
    await hidden(rate)
    await visible(status.getByText('9.0/10.0'))
    await visible(community.getByText('9.0/10.0'))

    await page.goto('/profile')
    const rows = page.getByRole('article').filter({ hasText: 'The Matrix' })
    await visible(rows.getByText('9.0/10.0'))
    expect(await rows.count()).toBe(1)
    expect(await page.getByText('Rewatch').count()).toBe(0)
  })

  it('reviews an episode on the TV page and deletes the review', async () => {
    await page.goto(`/tv/${breakingBadId}`)
    await visible(page.getByRole('heading', { level: 1, name: 'Breaking Bad' }))
    await visible(page.getByTestId('entry-status').getByText('watchlist', { exact: true }))
    await visible(page.getByRole('button', { name: 'On Watchlist' }))

    await page.getByRole('button', { name: /^Season 1\b/ }).click()
    await (await visible(page.getByRole('button', { name: /^Rate or review episode 1,/ }))).click()
    const form = await visible(page.getByRole('form', { name: 'Review S1 E1' }))
    expect(await form.getByRole('button', { name: 'Post Review' }).isDisabled()).toBe(true)
    await form.getByRole('spinbutton', { name: 'Episode rating value' }).fill('8.5')
    await form.getByRole('textbox', { name: /^Episode review/ }).fill('What a pilot.')
    await form.getByRole('button', { name: 'Post Review' }).click()
    await visible(page.getByText('Your review of S1 E1 is posted.'))
    await hidden(form)

    const review = await visible(page.getByTestId('episode-review').filter({ hasText: 'What a pilot.' }))
    await visible(review.getByText('8.5/10.0'))
    await review.getByRole('button', { name: /^Delete your review of episode 1/ }).click()
    await visible(page.getByText('Your episode review is deleted.'))
    await hidden(review)
    const left = await page.request.get(`/api/tv-shows/${breakingBadId}/episode-reviews?season=1`)
    expect(await left.json()).toEqual([])
  })

  it('opens the dialog from the bottom bar on a phone', async () => {
    const phone = await newContext(browser, server.baseURL, { width: 390, height: 844 })
    try {
      await signUpViaApi(phone, { firstName: 'Pip' })
      const p = await phone.newPage()
      await p.goto('/')
      const bar = await visible(p.getByRole('navigation', { name: 'Primary' }))
      await bar.getByRole('button', { name: 'Add Movie or TV Show' }).click()
      const dialog = await visible(addDialog(p))
      const box = await dialog.boundingBox()
      expect(box?.width).toBeLessThanOrEqual(390)
      await visible(dialog.getByRole('button', { name: 'Add Movie' }))
      await p.keyboard.press('Escape')
      await hidden(dialog)
      expect(p.url()).toBe(`${server.baseURL}/`)
    } finally {
      await phone.close()
    }
  })
})
