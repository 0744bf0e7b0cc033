// Challenges end to end: joining 'Watch 10 movies this month' from /challenges, progress
// from movies logged through the API on the page and the home sidebar's Current Challenge,
// completion (100%, the Completed section, a challenge_completed card in the feed),
// leaving a challenge, the achievements grid, and a friend ranked above you on the
// Leaderboards tab, against the real binary.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, signUpViaApi, startServer, visible, type RunningServer } from './harness'

const MOVIE_CHALLENGE = 'Watch 10 movies this month'
const GENRE_CHALLENGE = 'Explore 5 genres'

// Ten distinct titles of the embedded catalogue (The Matrix first).
const MOVIES = [1000001258, 1000001421, 1000001422, 1000002165, 1000001584, 1000001024, 1000001232, 1000001910, 1000000957, 1000001423]

let server: RunningServer
let browser: Browser
let ctxA: BrowserContext
let ctxB: BrowserContext
let pageA: Page
let pageB: Page
let idA = ''

async function userId(context: BrowserContext): Promise<string> {
  const res = await context.request.get('/api/auth/user')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { id: string }).id
}

async function logMovies(context: BrowserContext, ids: number[]) {
  for (const movieId of ids) {
    const res = await context.request.post('/api/user/movies', { data: { movieId, status: 'watched' } })
    expect(res.ok(), `log ${movieId}: ${res.status()} ${await res.text()}`).toBe(true)
  }
}

/** The Current Challenge card the layout shows (the sidebar on desktop, under the stats on mobile). */
const currentCard = (page: Page) => page.locator('[data-testid="current-challenge"]:visible')

const joinedCard = (page: Page, name: string) => page.getByTestId('joined-challenge').filter({ hasText: name })

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  ctxA = await newContext(browser, server.baseURL)
  ctxB = await newContext(browser, server.baseURL, { width: 390, height: 844 })
  await signUpViaApi(ctxA, { firstName: 'Ava', lastName: 'Achiever' })
  await signUpViaApi(ctxB, { firstName: 'Ben', lastName: 'Browser' })
  idA = await userId(ctxA)
  pageA = await ctxA.newPage()
  pageB = await ctxB.newPage()
})

afterAll(async () => {
  await ctxA?.close()
  await ctxB?.close()
  await browser?.close()
  await server?.stop()
})

describe('challenges', () => {
  it('prompts a newcomer to join one from the Current Challenge card', async () => {
    await pageA.goto('/')
    const card = await visible(currentCard(pageA))
    await visible(card.getByRole('heading', { name: 'Current Challenge' }))
    await card.getByRole('link', { name: 'Join a challenge' }).click()
    await pageA.waitForURL((url) => url.pathname === '/challenges')
    await visible(pageA.getByRole('heading', { name: 'Available' }))
  })

  it('lists the available monthly challenges with participants and dates, and joins one', async () => {
    const available = pageA.getByTestId('available-challenge')
    for (const name of [MOVIE_CHALLENGE, GENRE_CHALLENGE, 'Binge 20 episodes', 'Try 3 new shows']) {
      await visible(available.filter({ hasText: name }))
    }
    const movie = available.filter({ hasText: MOVIE_CHALLENGE })
    await visible(movie.getByText('0 participants'))
    expect(await movie.textContent()).toMatch(/\w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}/)

    await movie.getByRole('button', { name: `Join ${MOVIE_CHALLENGE}` }).click()
    const joined = await visible(joinedCard(pageA, MOVIE_CHALLENGE))
    await hidden(movie)
    await visible(joined.getByText('0 / 10'))
    await visible(joined.getByText('0%'))
    const mine = (await (await ctxA.request.get('/api/user/challenges')).json()) as { challenge: { name: string } }[]
    expect(mine.map((uc) => uc.challenge.name)).toEqual([MOVIE_CHALLENGE])
  })

  it('shows progress from logged movies on /challenges and in the sidebar card', async () => {
    await logMovies(ctxA, MOVIES.slice(0, 3))
    await pageA.goto('/challenges')
    const joined = await visible(joinedCard(pageA, MOVIE_CHALLENGE))
    await visible(joined.getByText('3 / 10'))
    await visible(joined.getByText('30%'))
    expect(await joined.getByRole('progressbar').getAttribute('value')).toBe('30')

    await pageA.goto('/')
    const card = await visible(currentCard(pageA))
    await visible(card.getByRole('link', { name: MOVIE_CHALLENGE }))
    await visible(card.getByText('3 / 10'))
    await visible(card.getByText('30%'))
  })

  it('completes the challenge at 100% and posts it to the feed', async () => {
    await logMovies(ctxA, MOVIES.slice(3))
    await pageA.goto('/')
    const card = await visible(currentCard(pageA))
    await visible(card.getByText('10 / 10'))
    await visible(card.getByText('100%'))
    await visible(card.getByText('Completed'))
    expect(await card.getByRole('progressbar').getAttribute('value')).toBe('100')
    await visible(pageA.getByText('completed a challenge').first())

    await pageA.goto('/challenges')
    const done = await visible(pageA.getByTestId('completed-challenge').filter({ hasText: MOVIE_CHALLENGE }))
    expect(await done.textContent()).toMatch(/Completed \w{3} \d{1,2}, \d{4}/)
    expect(await joinedCard(pageA, MOVIE_CHALLENGE).count()).toBe(0)
  })

  it('shows the seven achievements, earned and locked', async () => {
    const badges = pageA.getByTestId('achievement')
    await visible(badges.first())
    expect(await badges.count()).toBe(7)
    const earned = await pageA.locator('[data-testid="achievement"][data-earned="true"]').count()
    expect(earned).toBeGreaterThan(0)
    expect(earned).toBeLessThan(7)
    await visible(pageA.getByText('Locked').first())
  })

  it('leaves a joined challenge, which returns to Available', async () => {
    const available = (await (await ctxB.request.get('/api/challenges/available')).json()) as { id: string; name: string; participantCount: number }[]
    const genre = available.find((c) => c.name === GENRE_CHALLENGE)
    expect(genre).toBeTruthy()
    expect(available.find((c) => c.name === MOVIE_CHALLENGE)?.participantCount).toBe(1)
    expect((await ctxB.request.post(`/api/challenges/${genre!.id}/join`)).ok()).toBe(true)

    await pageB.goto('/challenges')
    const joined = await visible(joinedCard(pageB, GENRE_CHALLENGE))
    await visible(pageB.getByTestId('available-challenge').filter({ hasText: MOVIE_CHALLENGE }).getByText('1 participant'))
    await joined.getByRole('button', { name: `Leave ${GENRE_CHALLENGE}` }).click()
    await hidden(joined)
    await visible(pageB.getByTestId('available-challenge').filter({ hasText: GENRE_CHALLENGE }))
    const mine = (await (await ctxB.request.get('/api/user/challenges')).json()) as unknown[]
    expect(mine).toEqual([])
  })

  it('moves the card under the stats on mobile when a movie is logged from the add dialog', async () => {
    const available = (await (await ctxB.request.get('/api/challenges/available')).json()) as { id: string; name: string }[]
    const movie = available.find((c) => c.name === MOVIE_CHALLENGE)
    expect((await ctxB.request.post(`/api/challenges/${movie!.id}/join`)).ok()).toBe(true)

    await pageB.goto('/')
    const card = await visible(currentCard(pageB))
    await visible(card.getByText('0 / 10'))
    const statsBox = await pageB.getByRole('region', { name: 'Your Stats This Month' }).boundingBox()
    const cardBox = await card.boundingBox()
    expect(cardBox!.y).toBeGreaterThan(statsBox!.y)

    await pageB.getByRole('button', { name: 'What movie did you watch recently?' }).click()
    const dialog = await visible(pageB.getByRole('dialog', { name: 'Add Movie or TV Show' }))
    await dialog.getByRole('searchbox', { name: 'Find a movie' }).pressSequentially('matrix')
    await (await visible(dialog.getByRole('button', { name: /^The Matrix\s*1999$/ }))).click()
    await dialog.getByRole('button', { name: 'Add Movie' }).click()
    await hidden(dialog)
    await visible(card.getByText('1 / 10'))
    await visible(card.getByText('10%'))
  })

  it('ranks the friend who logged more movies first on the Leaderboards tab', async () => {
    expect((await ctxB.request.post('/api/follow', { data: { userId: idA } })).ok()).toBe(true)
    await logMovies(ctxB, MOVIES.slice(1, 2))

    await pageB.goto('/friends?tab=leaderboards')
    const board = await visible(pageB.getByTestId('board-moviesWatched'))
    await visible(board.getByTestId('rank-row').nth(1))
    const rows = board.getByTestId('rank-row')
    expect(await rows.nth(0).getByTestId('rank-name').textContent()).toBe('Ava Achiever')
    expect(await rows.nth(0).textContent()).toMatch(/#1.*10$/)
    expect(await rows.nth(1).getByTestId('rank-name').textContent()).toBe('Ben Browser(you)')
    expect(await rows.nth(1).getAttribute('aria-current')).toBe('true')
    expect(await rows.nth(0).getAttribute('aria-current')).toBeNull()
    await visible(board.getByText('Your rank: #2'))
    await visible(pageB.getByTestId('board-challengesCompleted').getByTestId('rank-row').filter({ hasText: 'Ava Achiever' }))

    await pageB.getByRole('button', { name: 'All Time' }).click()
    expect(await pageB.getByRole('button', { name: 'All Time' }).getAttribute('aria-pressed')).toBe('true')
    await visible(board.getByText('Your rank: #2'))
    expect(await board.getByTestId('rank-row').nth(0).getByTestId('rank-name').textContent()).toBe('Ava Achiever')
  })

  it("shows a member's badges on their profile", async () => {
    const earned = (await (await ctxB.request.get(`/api/users/${idA}/achievements`)).json()) as { name: string; earned: boolean }[]
    expect(earned).toHaveLength(7)
    const first = earned.find((a) => a.earned)
    expect(first).toBeTruthy()
    await pageB.goto(`/profile/${idA}`)
    await visible(pageB.getByRole('heading', { name: 'Achievements' }))
    const badges = pageB.getByTestId('achievement')
    await visible(badges.first())
    expect(await badges.count()).toBe(7)
    expect(await pageB.locator('[data-testid="achievement"][data-earned="true"]').count()).toBe(earned.filter((a) => a.earned).length)
    await visible(pageB.locator('[data-testid="achievement"][data-earned="true"]').filter({ hasText: first!.name }))
  })
})
