// Collaboration end to end (SPEC §4, §5, §8): a watch logged with a friend notifies them;
// the author's card waits for the friend by name; the friend rates from the bell's 'Add
// Your Rating' (submit disabled at 0); both then see both ratings; an uninvited member is
// refused by the server; and a recommendation sent from a title page reaches the friend's
// Recommended tab. Against the real binary.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, signUpViaApi, startServer, visible, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
let ctxA: BrowserContext
let ctxB: BrowserContext
let ctxC: BrowserContext
let pageA: Page
let pageB: Page
let idB = ''
let matrixId = 0
let activityId = ''

async function userId(context: BrowserContext): Promise<string> {
  const res = await context.request.get('/api/auth/user')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { id: string }).id
}

async function follow(context: BrowserContext, userId: string) {
  const res = await context.request.post('/api/follow', { data: { userId } })
  expect(res.ok()).toBe(true)
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  ctxA = await newContext(browser, server.baseURL)
  ctxB = await newContext(browser, server.baseURL)
  ctxC = await newContext(browser, server.baseURL)
  await signUpViaApi(ctxA, { firstName: 'Ava', lastName: 'Author' })
  await signUpViaApi(ctxB, { firstName: 'Bea', lastName: 'Buddy' })
  await signUpViaApi(ctxC, { firstName: 'Cy', lastName: 'Curious' })
  const idA = await userId(ctxA)
  idB = await userId(ctxB)
  await follow(ctxA, idB)
  await follow(ctxB, idA)
  await follow(ctxC, idA)
  pageA = await ctxA.newPage()
  pageB = await ctxB.newPage()
})

afterAll(async () => {
  await ctxA?.close()
  await ctxB?.close()
  await ctxC?.close()
  await browser?.close()
  await server?.stop()
})

const card = (page: Page, id: string) => page.locator(`#activity-${id}`)
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

describe('collaboration', () => {
  it("notifies the friend, and the author's card waits for them by name", async () => {
    const search = (await (await ctxA.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number; title: string }[] }
    matrixId = search.results.find((m) => m.title === 'The Matrix')?.id ?? 0
    expect(matrixId).toBeGreaterThan(0)
    const logged = await ctxA.request.post('/api/user/movies', {
      data: { movieId: matrixId, status: 'watched', rating: 9, review: 'Whoa.', watchedWith: [idB] },
    })
    expect(logged.ok()).toBe(true)
    const feed = (await (await ctxA.request.get('/api/feed?limit=20&page=1')).json()) as { id: string; type: string }[]
    activityId = feed.find((a) => a.type === 'collaborative_movie')?.id ?? ''
    expect(activityId).not.toBe('')

    await pageA.goto('/')
    const post = await visible(card(pageA, activityId))
    const pending = await visible(post.getByTestId('collab-pending'))
    await visible(pending.getByText('Waiting for Bea Buddy to rate'))
    // Hidden until everyone rated, the author's own rating too.
    expect(await post.getByText('9.0/10.0').count()).toBe(0)
    expect(await pending.getByRole('button', { name: 'Add Your Rating' }).count()).toBe(0)
  })

  it("lets the friend rate from the bell's 'Add Your Rating' (disabled at 0), then reveals both ratings", async () => {
    await pageB.goto('/')
    const invited = await visible(card(pageB, activityId).getByTestId('collab-pending'))
    await visible(invited.getByRole('button', { name: 'Add Your Rating' }))
    await visible(invited.getByRole('button', { name: 'Decline' }))
    await (await visible(bell(pageB))).click()
    const panel = await visible(pageB.getByRole('region', { name: 'Notifications', exact: true }))
    const item = panel.getByRole('listitem').filter({ has: pageB.locator('[data-notification-type="movie_collaboration"]') })
    await (await visible(item.getByRole('button', { name: 'Add Your Rating', exact: true }))).click()

    const dialog = await visible(pageB.getByRole('dialog', { name: 'Add Your Rating' }))
    const submit = dialog.getByRole('button', { name: 'Submit Rating' })
    expect(await submit.isDisabled()).toBe(true)
    const value = dialog.getByRole('spinbutton', { name: 'Rating value' })
    // Enter at 0 sends nothing and says why (SPEC §5).
    await value.press('Enter')
    await visible(pageB.getByText('Please provide a rating before submitting.'))
    await visible(dialog)
    await value.fill('8.5')
    await dialog.getByLabel('Review').fill('  Better the second time.  ')
    expect(await submit.isDisabled()).toBe(false)
    await submit.click()
    await visible(pageB.getByText('Rating Added!'))
    await visible(pageB.getByText('Your rating has been added to the collaboration.'))
    await hidden(dialog)

    for (const page of [pageB, pageA]) {
      await page.goto('/')
      const ratings = await visible(card(page, activityId).getByTestId('collab-ratings'))
      await visible(ratings.getByText('9.0/10.0'))
      await visible(ratings.getByText('8.5/10.0'))
      await visible(ratings.getByText('Better the second time.'))
      // Only the viewer's own entry is editable.
      expect(await ratings.getByRole('button', { name: 'Edit your rating' }).count()).toBe(1)
    }
  })

  it('lets a participant edit only their own revealed rating', async () => {
    await pageB.goto('/')
    const ratings = await visible(card(pageB, activityId).getByTestId('collab-ratings'))
    await ratings.getByRole('button', { name: 'Edit your rating' }).click()
    const dialog = await visible(pageB.getByRole('dialog', { name: 'Edit Your Rating' }))
    await dialog.getByRole('spinbutton', { name: 'Rating value' }).fill('8.7')
    await dialog.getByRole('button', { name: 'Submit Rating' }).click()
    await hidden(dialog)
    await visible(ratings.getByText('8.7/10.0'))
    await visible(ratings.getByText('9.0/10.0'))
  })

  it('refuses a rating from a member who was not invited', async () => {
    const res = await ctxC.request.post('/api/user-movies', { data: { tmdbId: matrixId, status: 'watched', rating: 7 } })
    expect(res.status()).toBe(403)
  })

  it("recommends a show from its page, and it reaches the friend's Recommended tab", async () => {
    const search = (await (await ctxA.request.get('/api/tv-shows/search?query=breaking')).json()) as { results: { id: number; name: string }[] }
    const show = search.results.find((s) => s.name === 'Breaking Bad')
    expect(show).toBeTruthy()
    await pageA.goto(`/tv/${show!.id}`)
    await (await visible(pageA.getByRole('button', { name: 'Recommend', exact: true }))).click()
    const dialog = await visible(pageA.getByRole('dialog', { name: /^Recommend/ }))
    await (await visible(dialog.getByRole('checkbox', { name: 'Bea Buddy' }))).check()
    await dialog.getByLabel(/Note/).fill('You will love Walter.')
    await dialog.getByRole('button', { name: 'Send Recommendation' }).click()
    await visible(pageA.getByText('Recommendation Sent'))
    await hidden(dialog)

    await pageB.goto('/watchlist?tab=recommended')
    const rec = await visible(pageB.getByTestId('recommendation').filter({ hasText: 'Breaking Bad' }))
    await visible(rec.getByText('Recommended by Ava Author'))
    await visible(rec.getByText('You will love Walter.'))
    // Add to Watchlist puts it on the list and takes it off the recommendations.
    await rec.getByRole('button', { name: 'Add to Watchlist' }).click()
    await hidden(rec)
    const shows = (await (await ctxB.request.get('/api/user/tv-shows')).json()) as { status: string }[]
    expect(shows.map((e) => e.status)).toEqual(['plan_to_watch'])
    expect(((await (await ctxB.request.get('/api/recommendations')).json()) as unknown[]).length).toBe(0)
  })
})
