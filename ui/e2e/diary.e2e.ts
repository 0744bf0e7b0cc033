// Diary end to end: the Add Movie or TV Show dialog (search, pick, status, the 0–10 rating
// control, toasts, validation, keyboard), the profile diary, the watchlist, the home stats
// card, title-page actions, the rate dialog and episode reviews, against the real binary
// and its embedded catalog. Each test signs up its own member (Devi) and logs what it
// starts from through the API.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signUpViaApi } from './harness'

interface Posted {
  url: string
  body: Record<string, unknown>
}

/** recordWrites collects the bodies of the entry writes page sends, newest last. */
function recordWrites(page: Page): Posted[] {
  const posted: Posted[] = []
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/api\/user\/(movies|tv-shows)$/.test(req.url())) {
      posted.push({ url: new URL(req.url()).pathname, body: req.postDataJSON() as Record<string, unknown> })
    }
  })
  return posted
}

async function titleId(request: APIRequestContext, path: string, name: string): Promise<number> {
  const body = (await (await request.get(path)).json()) as { results: { id: number; title?: string; name?: string }[] }
  const id = body.results.find((t) => (t.title ?? t.name) === name)?.id ?? 0
  expect(id).toBeGreaterThan(0)
  return id
}

const matrix = (request: APIRequestContext) => titleId(request, '/api/movies/search?query=matrix', 'The Matrix')
const breakingBad = (request: APIRequestContext) => titleId(request, '/api/tv-shows/search?query=breaking', 'Breaking Bad')

/** logMatrix: The Matrix watched, rated 7.3 with a review, as the first test logs it through the dialog. */
async function logMatrix(request: APIRequestContext): Promise<number> {
  const movieId = await matrix(request)
  const res = await request.post('/api/user/movies', { data: { movieId, status: 'watched', rating: 7.3, review: 'Red pill, every time.', watchedWith: [] } })
  expect(res.ok()).toBe(true)
  return movieId
}

const addDialog = (p: Page) => p.getByRole('dialog', { name: 'Add Movie or TV Show' })

// Diary dates are calendar days in UTC (a picked date is stored as midnight UTC).
const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date())

test.beforeEach(async ({ context }) => {
  await signUpViaApi(context, { firstName: 'Devi', lastName: 'Diarist' })
})

test.describe('diary', () => {
  test('logs a watched movie rated 7.25 through the add dialog and shows 7.3/10.0 on the profile', async ({ page }) => {
    const posted = recordWrites(page)
    await page.goto('/')
    await page.getByRole('button', { name: 'What movie did you watch recently?' }).click()
    const dialog = addDialog(page)
    await expect(dialog).toBeVisible()
    const search = dialog.getByRole('searchbox', { name: 'Find a movie' })
    // Focus starts in the search box.
    await expect(search).toBeFocused()
    await search.pressSequentially('matrix')
    const results = dialog.getByRole('list', { name: 'Movie results' })
    await expect(results).toBeVisible()
    const matrixButton = results.getByRole('button', { name: /^The Matrix\s*1999$/ })
    await expect(matrixButton).toBeVisible()
    expect(await results.getByRole('listitem').count()).toBeLessThanOrEqual(5)
    await matrixButton.click()
    await expect(dialog.getByTestId('picked-title')).toBeVisible()
    await expect(dialog.getByTestId('picked-title')).toHaveText('The Matrix')
    await expect(dialog.getByLabel('Status')).toHaveValue('watched')

    // The rating control: type an exact value; it rounds to one decimal like the server.
    await dialog.getByRole('spinbutton', { name: 'Rating value' }).fill('7.25')
    await expect(dialog.getByRole('slider', { name: 'Rating' })).toHaveValue('7.3')
    await expect(dialog.locator('output', { hasText: '7.3/10.0' })).toBeVisible()
    await dialog.getByRole('textbox', { name: /^Review/ }).fill('Red pill, every time.')
    await dialog.getByRole('button', { name: 'Add Movie' }).click()

    await expect(page.getByText('Movie added successfully!')).toBeVisible()
    await expect(dialog).toBeHidden()
    const sent = posted.at(-1)
    expect(sent?.url).toBe('/api/user/movies')
    expect(sent?.body).toMatchObject({ status: 'watched', rating: 7.3, review: 'Red pill, every time.', watchedWith: [] })
    // A blank date is left out: the server uses now.
    expect(sent?.body).not.toHaveProperty('watchedAt')
    expect(Number(sent?.body.movieId)).toBeGreaterThan(0)

    await page.goto('/profile')
    await expect(page.getByRole('heading', { name: thisMonth })).toBeVisible()
    const row = page.getByRole('article').filter({ hasText: 'The Matrix' })
    await expect(row.getByText('7.3/10.0')).toBeVisible()
    await expect(row.getByText('Red pill, every time.')).toBeVisible()
    await page.getByRole('tab', { name: 'Reviews' }).click()
    await expect(page.getByRole('tabpanel').getByText('Red pill, every time.')).toBeVisible()
  })

  test('adds a TV show as plan to watch, without rating fields, and lists it on the watchlist', async ({ page, context }) => {
    await logMatrix(context.request)
    const posted = recordWrites(page)
    await page.goto('/')
    await page.getByRole('button', { name: 'What movie did you watch recently?' }).click()
    const dialog = addDialog(page)
    await expect(dialog).toBeVisible()
    await dialog.getByRole('radio', { name: 'TV Show' }).check()
    await dialog.getByRole('searchbox', { name: 'Find a TV show' }).pressSequentially('breaking')
    const show = dialog.getByRole('button', { name: /^Breaking Bad\s*2008$/ })
    await expect(show).toBeVisible()
    await show.click()
    await dialog.getByLabel('Status').selectOption('plan_to_watch')
    // Rating, review, date and friends belong to watched and dropped only (SPEC §4).
    await expect(dialog.getByRole('slider', { name: 'Rating' })).toHaveCount(0)
    await expect(dialog.getByRole('textbox', { name: /^Review/ })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Add TV Show' }).click()

    await expect(page.getByText('TV show added successfully!')).toBeVisible()
    await expect(dialog).toBeHidden()
    const sent = posted.at(-1)
    expect(sent?.url).toBe('/api/user/tv-shows')
    const breakingBadId = Number(sent?.body.tvShowId)
    expect(sent?.body).toEqual({ tvShowId: breakingBadId, status: 'plan_to_watch' })

    await page.goto('/watchlist')
    const card = page.getByTestId('watchlist-card').filter({ hasText: 'Breaking Bad' })
    await expect(card).toBeVisible()
    await expect(card.getByText('watchlist', { exact: true })).toBeVisible()
    await expect(card.getByTestId('watchlist-overview')).toBeVisible()
    await expect(card.getByTestId('watchlist-overview')).toContainText('chemistry teacher')
    // The watched movie is not on the watchlist; the reserved recommended tab still works.
    await expect(page.getByTestId('watchlist-card').filter({ hasText: 'The Matrix' })).toHaveCount(0)
    await page.goto('/watchlist?tab=recommended')
    await expect(page.getByRole('heading', { name: 'No recommendations yet' })).toBeVisible()
  })

  test('asks for a title before adding, and closes with Escape returning focus', async ({ page }) => {
    const posted = recordWrites(page)
    await page.goto('/')
    const opener = page.getByRole('button', { name: 'What movie did you watch recently?' })
    await expect(opener).toBeVisible()
    await opener.click()
    const dialog = addDialog(page)
    await expect(dialog).toBeVisible()
    const before = posted.length
    await dialog.getByRole('button', { name: 'Add Movie' }).click()
    await expect(page.getByText('Please select a movie')).toBeVisible()
    await expect(dialog).toBeVisible()

    await dialog.getByRole('radio', { name: 'TV Show' }).check()
    await dialog.getByRole('button', { name: 'Add TV Show' }).click()
    await expect(page.getByText('Please select a TV show')).toBeVisible()
    expect(posted.length).toBe(before)

    // Tab stays inside the dialog.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('counts the movie and its hours on the home stats card', async ({ page, context }) => {
    await logMatrix(context.request)
    await page.goto('/')
    const stats = page.getByRole('region', { name: 'Your Stats This Month' })
    await expect(stats).toBeVisible()
    await expect(stats.getByTestId('stats-movies').getByText('1', { exact: true })).toBeVisible()
    // The Matrix runs 136 minutes: 2.3 hours.
    await expect(stats.getByTestId('stats-hours')).toHaveText('2.3')
    await expect(stats.getByTestId('stats-reviews')).toHaveText('1')
  })

  test('reviews an episode on the TV page and deletes the review', async ({ page, context }) => {
    const breakingBadId = await breakingBad(context.request)
    expect((await context.request.post('/api/user/tv-shows', { data: { tvShowId: breakingBadId, status: 'plan_to_watch' } })).ok()).toBe(true)
    await page.goto(`/tv/${breakingBadId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Breaking Bad' })).toBeVisible()
    await expect(page.getByTestId('entry-status').getByText('watchlist', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'On Watchlist' })).toBeVisible()

    await page.getByRole('button', { name: /^Season 1\b/ }).click()
    const rateEpisode = page.getByRole('button', { name: /^Rate or review episode 1,/ })
    await expect(rateEpisode).toBeVisible()
    await rateEpisode.click()
    const form = page.getByRole('form', { name: 'Review S1 E1' })
    await expect(form).toBeVisible()
    await expect(form.getByRole('button', { name: 'Post Review' })).toBeDisabled()
    await form.getByRole('spinbutton', { name: 'Episode rating value' }).fill('8.5')
    await form.getByRole('textbox', { name: /^Episode review/ }).fill('What a pilot.')
    await form.getByRole('button', { name: 'Post Review' }).click()
    await expect(page.getByText('Your review of S1 E1 is posted.')).toBeVisible()
    await expect(form).toBeHidden()

    const review = page.getByTestId('episode-review').filter({ hasText: 'What a pilot.' })
    await expect(review).toBeVisible()
    await expect(review.getByText('8.5/10.0')).toBeVisible()
    await review.getByRole('button', { name: /^Delete your review of episode 1/ }).click()
    await expect(page.getByText('Your episode review is deleted.')).toBeVisible()
    await expect(review).toBeHidden()
    const left = await page.request.get(`/api/tv-shows/${breakingBadId}/episode-reviews?season=1`)
    expect(await left.json()).toEqual([])
  })

  test('opens the dialog from the bottom bar on a phone', async ({ newMember, server }) => {
    const { page: p } = await newMember({ firstName: 'Pip' }, { viewport: { width: 390, height: 844 } })
    await p.goto('/')
    const bar = p.getByRole('navigation', { name: 'Primary' })
    await expect(bar).toBeVisible()
    await bar.getByRole('button', { name: 'Add Movie or TV Show' }).click()
    const dialog = addDialog(p)
    await expect(dialog).toBeVisible()
    const box = await dialog.boundingBox()
    expect(box?.width).toBeLessThanOrEqual(390)
    await expect(dialog.getByRole('button', { name: 'Add Movie' })).toBeVisible()
    await p.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(p.url()).toBe(`${server.baseURL}/`)
  })
})

test.describe('diary: the community rating', () => {
  // The community rating counts every member's ratings of the title: a server of its own.
  test.use({ serverOptions: { demo: false, fresh: true } })

  test('opens the dialog with the title picked from its page, and rates it without a rewatch', async ({ page, context }) => {
    const matrixId = await logMatrix(context.request)
    await page.goto(`/movie/${matrixId}`)
    const status = page.getByTestId('entry-status')
    await expect(status).toBeVisible()
    await expect(status.getByText('watched', { exact: true })).toBeVisible()
    await expect(status.getByText('7.3/10.0')).toBeVisible()
    const community = page.getByTestId('community-rating')
    await expect(community).toBeVisible()
    await expect(community).toContainText('7.3/10.0from 1 member')

    await page.getByRole('button', { name: 'Log', exact: true }).click()
    const dialog = addDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('picked-title')).toHaveText('The Matrix')
    await expect(dialog.getByLabel('Status')).toHaveValue('watched')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Rate', exact: true }).click()
    const rate = page.getByRole('dialog', { name: 'Rate The Matrix' })
    await expect(rate).toBeVisible()
    await rate.getByRole('spinbutton', { name: 'Rating value' }).fill('9')
    await rate.getByRole('button', { name: 'Save Rating' }).click()
    await expect(page.getByText('Review Saved')).toBeVisible()
    await expect(rate).toBeHidden()
    await expect(status.getByText('9.0/10.0')).toBeVisible()
    await expect(community.getByText('9.0/10.0')).toBeVisible()

    await page.goto('/profile')
    const rows = page.getByRole('article').filter({ hasText: 'The Matrix' })
    await expect(rows.getByText('9.0/10.0')).toBeVisible()
    await expect(rows).toHaveCount(1)
    await expect(page.getByText('Rewatch')).toHaveCount(0)
  })
})
