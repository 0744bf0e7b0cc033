// Challenges end to end: joining 'Watch 10 movies this month' from /challenges, progress
// from movies logged through the API on the page and the home sidebar's Current Challenge,
// completion (100%, the Completed section, a challenge_completed card in the feed),
// leaving a challenge, the achievements grid, and a friend ranked above you on the
// Leaderboards tab, against the real binary. Each test signs up its own members and
// brings them where it starts through the API.
import type { BrowserContext, Page } from '@playwright/test'
import { expect, test, type SignedInMember } from './fixtures'

const MOVIE_CHALLENGE = 'Watch 10 movies this month'
const GENRE_CHALLENGE = 'Explore 5 genres'

// Ten distinct titles of the embedded catalogue (The Matrix first).
const MOVIES = [1000001258, 1000001421, 1000001422, 1000002165, 1000001584, 1000001024, 1000001232, 1000001910, 1000000957, 1000001423]

const PHONE = { width: 390, height: 844 }

async function logMovies(context: BrowserContext, ids: number[]) {
  for (const movieId of ids) {
    const res = await context.request.post('/api/user/movies', { data: { movieId, status: 'watched' } })
    expect(res.ok(), `log ${movieId}: ${res.status()} ${await res.text()}`).toBe(true)
  }
}

interface Available {
  id: string
  name: string
  participantCount: number
}

async function available(context: BrowserContext): Promise<Available[]> {
  return (await (await context.request.get('/api/challenges/available')).json()) as Available[]
}

/** join: the member on context joins the available challenge called name. */
async function join(context: BrowserContext, name: string) {
  const challenge = (await available(context)).find((c) => c.name === name)
  expect(challenge).toBeTruthy()
  expect((await context.request.post(`/api/challenges/${challenge!.id}/join`)).ok()).toBe(true)
}

/** completeMovieChallenge: the member joins the movie challenge and logs its ten movies. */
async function completeMovieChallenge(member: SignedInMember) {
  await join(member.context, MOVIE_CHALLENGE)
  await logMovies(member.context, MOVIES)
}

/** The Current Challenge card the layout shows (the sidebar on desktop, under the stats on mobile). */
const currentCard = (page: Page) => page.locator('[data-testid="current-challenge"]:visible')

const joinedCard = (page: Page, name: string) => page.getByTestId('joined-challenge').filter({ hasText: name })

test.describe('challenges', () => {
  test('prompts a newcomer to join one from the Current Challenge card', async ({ newMember }) => {
    const { page } = await newMember({ firstName: 'Ava', lastName: 'Achiever' })
    await page.goto('/')
    const card = currentCard(page)
    await expect(card).toBeVisible()
    await expect(card.getByRole('heading', { name: 'Current Challenge' })).toBeVisible()
    await card.getByRole('link', { name: 'Join a challenge' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/challenges')
    await expect(page.getByRole('heading', { name: 'Available' })).toBeVisible()
  })

  test('shows progress from logged movies on /challenges and in the sidebar card', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Achiever' })
    await join(ava.context, MOVIE_CHALLENGE)
    await logMovies(ava.context, MOVIES.slice(0, 3))
    const pageA = ava.page
    await pageA.goto('/challenges')
    const joined = joinedCard(pageA, MOVIE_CHALLENGE)
    await expect(joined).toBeVisible()
    await expect(joined.getByText('3 / 10')).toBeVisible()
    await expect(joined.getByText('30%')).toBeVisible()
    await expect(joined.getByRole('progressbar')).toHaveAttribute('value', '30')

    await pageA.goto('/')
    const card = currentCard(pageA)
    await expect(card).toBeVisible()
    await expect(card.getByRole('link', { name: MOVIE_CHALLENGE })).toBeVisible()
    await expect(card.getByText('3 / 10')).toBeVisible()
    await expect(card.getByText('30%')).toBeVisible()
  })

  test('completes the challenge at 100% and posts it to the feed', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Achiever' })
    await join(ava.context, MOVIE_CHALLENGE)
    await logMovies(ava.context, MOVIES.slice(0, 3))
    await logMovies(ava.context, MOVIES.slice(3))
    const pageA = ava.page
    await pageA.goto('/')
    const card = currentCard(pageA)
    await expect(card).toBeVisible()
    await expect(card.getByText('10 / 10')).toBeVisible()
    await expect(card.getByText('100%')).toBeVisible()
    await expect(card.getByText('Completed')).toBeVisible()
    await expect(card.getByRole('progressbar')).toHaveAttribute('value', '100')
    await expect(pageA.getByText('completed a challenge').first()).toBeVisible()

    await pageA.goto('/challenges')
    const done = pageA.getByTestId('completed-challenge').filter({ hasText: MOVIE_CHALLENGE })
    await expect(done).toBeVisible()
    await expect(done).toHaveText(/Completed \w{3} \d{1,2}, \d{4}/)
    await expect(joinedCard(pageA, MOVIE_CHALLENGE)).toHaveCount(0)
  })

  test('shows the seven achievements, earned and locked', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Achiever' })
    await completeMovieChallenge(ava)
    const pageA = ava.page
    await pageA.goto('/challenges')
    const badges = pageA.getByTestId('achievement')
    await expect(badges.first()).toBeVisible()
    await expect(badges).toHaveCount(7)
    const earned = await pageA.locator('[data-testid="achievement"][data-earned="true"]').count()
    expect(earned).toBeGreaterThan(0)
    expect(earned).toBeLessThan(7)
    await expect(pageA.getByText('Locked').first()).toBeVisible()
  })

  test('moves the card under the stats on mobile when a movie is logged from the add dialog', async ({ newMember }) => {
    const ben = await newMember({ firstName: 'Ben', lastName: 'Browser' }, { viewport: PHONE })
    await join(ben.context, MOVIE_CHALLENGE)
    const pageB = ben.page

    await pageB.goto('/')
    const card = currentCard(pageB)
    await expect(card).toBeVisible()
    await expect(card.getByText('0 / 10')).toBeVisible()
    const statsBox = await pageB.getByRole('region', { name: 'Your Stats This Month' }).boundingBox()
    const cardBox = await card.boundingBox()
    expect(cardBox!.y).toBeGreaterThan(statsBox!.y)

    await pageB.getByRole('button', { name: 'What movie did you watch recently?' }).click()
    const dialog = pageB.getByRole('dialog', { name: 'Add Movie or TV Show' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('searchbox', { name: 'Find a movie' }).pressSequentially('matrix')
    const matrix = dialog.getByRole('button', { name: /^The Matrix\s*1999$/ })
    await expect(matrix).toBeVisible()
    await matrix.click()
    await dialog.getByRole('button', { name: 'Add Movie' }).click()
    await expect(dialog).toBeHidden()
    await expect(card.getByText('1 / 10')).toBeVisible()
    await expect(card.getByText('10%')).toBeVisible()
  })

  test('ranks the friend who logged more movies first on the Leaderboards tab', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Achiever' })
    const ben = await newMember({ firstName: 'Ben', lastName: 'Browser' }, { viewport: PHONE })
    await completeMovieChallenge(ava)
    await logMovies(ben.context, MOVIES.slice(0, 1))
    expect((await ben.context.request.post('/api/follow', { data: { userId: ava.id } })).ok()).toBe(true)
    await logMovies(ben.context, MOVIES.slice(1, 2))
    const pageB = ben.page

    await pageB.goto('/friends?tab=leaderboards')
    const board = pageB.getByTestId('board-moviesWatched')
    await expect(board).toBeVisible()
    await expect(board.getByTestId('rank-row').nth(1)).toBeVisible()
    const rows = board.getByTestId('rank-row')
    await expect(rows.nth(0).getByTestId('rank-name')).toHaveText('Ava Achiever')
    await expect(rows.nth(0)).toHaveText(/#1.*10 movies$/)
    await expect(rows.nth(1).getByTestId('rank-name')).toHaveText('Ben Browser(you)')
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true')
    await expect(rows.nth(0)).not.toHaveAttribute('aria-current')
    await expect(board.getByText('Your rank: #2')).toBeVisible()
    await expect(pageB.getByTestId('board-challengesCompleted').getByTestId('rank-row').filter({ hasText: 'Ava Achiever' })).toBeVisible()

    await pageB.getByRole('button', { name: 'All Time' }).click()
    await expect(pageB.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true')
    await expect(board.getByText('Your rank: #2')).toBeVisible()
    await expect(board.getByTestId('rank-row').nth(0).getByTestId('rank-name')).toHaveText('Ava Achiever')
  })

  test("shows a member's badges on their profile", async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Achiever' })
    const ben = await newMember({ firstName: 'Ben', lastName: 'Browser' }, { viewport: PHONE })
    await completeMovieChallenge(ava)
    const earned = (await (await ben.context.request.get(`/api/users/${ava.id}/achievements`)).json()) as { name: string; earned: boolean }[]
    expect(earned).toHaveLength(7)
    const first = earned.find((a) => a.earned)
    expect(first).toBeTruthy()
    const pageB = ben.page
    await pageB.goto(`/profile/${ava.id}`)
    await expect(pageB.getByRole('heading', { name: 'Achievements' })).toBeVisible()
    const badges = pageB.getByTestId('achievement')
    await expect(badges.first()).toBeVisible()
    await expect(badges).toHaveCount(7)
    await expect(pageB.locator('[data-testid="achievement"][data-earned="true"]')).toHaveCount(earned.filter((a) => a.earned).length)
    await expect(pageB.locator('[data-testid="achievement"][data-earned="true"]').filter({ hasText: first!.name })).toBeVisible()
  })
})

test.describe('challenges: participant counts', () => {
  // These count every member's joins: each test gets a server of its own.
  test.use({ serverOptions: { demo: false, fresh: true } })

  test('lists the available monthly challenges with participants and dates, and joins one', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Achiever' })
    const pageA = ava.page
    await pageA.goto('/challenges')
    await expect(pageA.getByRole('heading', { name: 'Available' })).toBeVisible()
    const availableCards = pageA.getByTestId('available-challenge')
    for (const name of [MOVIE_CHALLENGE, GENRE_CHALLENGE, 'Binge 20 episodes', 'Try 3 new shows']) {
      await expect(availableCards.filter({ hasText: name })).toBeVisible()
    }
    const movie = availableCards.filter({ hasText: MOVIE_CHALLENGE })
    await expect(movie.getByText('0 participants')).toBeVisible()
    await expect(movie).toHaveText(/\w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4}/)

    await movie.getByRole('button', { name: `Join ${MOVIE_CHALLENGE}` }).click()
    const joined = joinedCard(pageA, MOVIE_CHALLENGE)
    await expect(joined).toBeVisible()
    await expect(movie).toBeHidden()
    await expect(joined.getByText('0 / 10')).toBeVisible()
    await expect(joined.getByText('0%')).toBeVisible()
    const mine = (await (await ava.context.request.get('/api/user/challenges')).json()) as { challenge: { name: string } }[]
    expect(mine.map((uc) => uc.challenge.name)).toEqual([MOVIE_CHALLENGE])
  })

  test('leaves a joined challenge, which returns to Available', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Achiever' })
    const ben = await newMember({ firstName: 'Ben', lastName: 'Browser' }, { viewport: PHONE })
    await join(ava.context, MOVIE_CHALLENGE)
    const list = await available(ben.context)
    const genre = list.find((c) => c.name === GENRE_CHALLENGE)
    expect(genre).toBeTruthy()
    expect(list.find((c) => c.name === MOVIE_CHALLENGE)?.participantCount).toBe(1)
    expect((await ben.context.request.post(`/api/challenges/${genre!.id}/join`)).ok()).toBe(true)
    const pageB = ben.page

    await pageB.goto('/challenges')
    const joined = joinedCard(pageB, GENRE_CHALLENGE)
    await expect(joined).toBeVisible()
    await expect(pageB.getByTestId('available-challenge').filter({ hasText: MOVIE_CHALLENGE }).getByText('1 participant')).toBeVisible()
    await joined.getByRole('button', { name: `Leave ${GENRE_CHALLENGE}` }).click()
    await expect(joined).toBeHidden()
    await expect(pageB.getByTestId('available-challenge').filter({ hasText: GENRE_CHALLENGE })).toBeVisible()
    const mine = (await (await ben.context.request.get('/api/user/challenges')).json()) as unknown[]
    expect(mine).toEqual([])
  })
})
