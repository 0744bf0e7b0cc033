// Collaboration end to end (SPEC §4, §5, §8): a watch logged with a friend notifies them;
// the author's card waits for the friend by name; the friend rates from the bell's 'Add
// Your Rating' (submit disabled at 0); both then see both ratings; an uninvited member is
// refused by the server; and a recommendation sent from a title page reaches the friend's
// Recommended tab. Against the real binary; each test signs up its own members.
import type { BrowserContext, Page } from '@playwright/test'
import { expect, test, type SignedInMember } from './fixtures'

const card = (page: Page, id: string) => page.locator(`#activity-${id}`)
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

async function follow(context: BrowserContext, userId: string) {
  const res = await context.request.post('/api/follow', { data: { userId } })
  expect(res.ok()).toBe(true)
}

interface Circle {
  ava: SignedInMember
  bea: SignedInMember
  cy: SignedInMember
}

/** circle: Ava and Bea follow each other; Cy follows Ava. */
async function circle(newMember: (fields: { firstName: string; lastName: string }) => Promise<SignedInMember>): Promise<Circle> {
  const ava = await newMember({ firstName: 'Ava', lastName: 'Author' })
  const bea = await newMember({ firstName: 'Bea', lastName: 'Buddy' })
  const cy = await newMember({ firstName: 'Cy', lastName: 'Curious' })
  await follow(ava.context, bea.id)
  await follow(bea.context, ava.id)
  await follow(cy.context, ava.id)
  return { ava, bea, cy }
}

/** watchTogether: Ava logs The Matrix (9, 'Whoa.') watched with Bea; returns the title and the post. */
async function watchTogether({ ava, bea }: Circle): Promise<{ matrixId: number; activityId: string }> {
  const search = (await (await ava.context.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number; title: string }[] }
  const matrixId = search.results.find((m) => m.title === 'The Matrix')?.id ?? 0
  expect(matrixId).toBeGreaterThan(0)
  const logged = await ava.context.request.post('/api/user/movies', {
    data: { movieId: matrixId, status: 'watched', rating: 9, review: 'Whoa.', watchedWith: [bea.id] },
  })
  expect(logged.ok()).toBe(true)
  const feed = (await (await ava.context.request.get('/api/feed?limit=20&page=1')).json()) as { id: string; type: string }[]
  const activityId = feed.find((a) => a.type === 'collaborative_movie')?.id ?? ''
  expect(activityId).not.toBe('')
  return { matrixId, activityId }
}

test.describe('collaboration', () => {
  test("notifies the friend, and the author's card waits for them by name", async ({ newMember }) => {
    const members = await circle(newMember)
    const { activityId } = await watchTogether(members)
    const pageA = members.ava.page

    await pageA.goto('/')
    const post = card(pageA, activityId)
    await expect(post).toBeVisible()
    const pending = post.getByTestId('collab-pending')
    await expect(pending).toBeVisible()
    await expect(pending.getByText('Waiting for Bea Buddy to rate')).toBeVisible()
    // Hidden until everyone rated, the author's own rating too.
    await expect(post.getByText('9.0/10.0')).toHaveCount(0)
    await expect(pending.getByRole('button', { name: 'Add Your Rating' })).toHaveCount(0)
  })

  test("lets the friend rate from the bell's 'Add Your Rating' (disabled at 0), then reveals both ratings", async ({ newMember }) => {
    const members = await circle(newMember)
    const { activityId } = await watchTogether(members)
    const pageA = members.ava.page
    const pageB = members.bea.page

    await pageB.goto('/')
    const invited = card(pageB, activityId).getByTestId('collab-pending')
    await expect(invited).toBeVisible()
    await expect(invited.getByRole('button', { name: 'Add Your Rating' })).toBeVisible()
    await expect(invited.getByRole('button', { name: 'Decline' })).toBeVisible()
    await expect(bell(pageB)).toBeVisible()
    await bell(pageB).click()
    const panel = pageB.getByRole('region', { name: 'Notifications', exact: true })
    await expect(panel).toBeVisible()
    const item = panel.getByRole('listitem').filter({ has: pageB.locator('[data-notification-type="movie_collaboration"]') })
    const addRating = item.getByRole('button', { name: 'Add Your Rating', exact: true })
    await expect(addRating).toBeVisible()
    await addRating.click()

    const dialog = pageB.getByRole('dialog', { name: 'Add Your Rating' })
    await expect(dialog).toBeVisible()
    const submit = dialog.getByRole('button', { name: 'Submit Rating' })
    await expect(submit).toBeDisabled()
    const value = dialog.getByRole('spinbutton', { name: 'Rating value' })
    // Enter at 0 sends nothing and says why (SPEC §5).
    await value.press('Enter')
    await expect(pageB.getByText('Please provide a rating before submitting.')).toBeVisible()
    await expect(dialog).toBeVisible()
    await value.fill('8.5')
    await dialog.getByLabel('Review').fill('  Better the second time.  ')
    await expect(submit).toBeEnabled()
    await submit.click()
    await expect(pageB.getByText('Rating Added!')).toBeVisible()
    await expect(pageB.getByText('Your rating has been added to the collaboration.')).toBeVisible()
    await expect(dialog).toBeHidden()

    for (const page of [pageB, pageA]) {
      await page.goto('/')
      const ratings = card(page, activityId).getByTestId('collab-ratings')
      await expect(ratings).toBeVisible()
      await expect(ratings.getByText('9.0/10.0')).toBeVisible()
      await expect(ratings.getByText('8.5/10.0')).toBeVisible()
      await expect(ratings.getByText('Better the second time.')).toBeVisible()
      // Only the viewer's own entry is editable.
      await expect(ratings.getByRole('button', { name: 'Edit your rating' })).toHaveCount(1)
    }
  })

  test('lets a participant edit only their own revealed rating', async ({ newMember }) => {
    const members = await circle(newMember)
    const { matrixId, activityId } = await watchTogether(members)
    // Bea rates through the API, as the bell's dialog does: both ratings are revealed.
    const rated = await members.bea.context.request.post('/api/user-movies', { data: { tmdbId: matrixId, status: 'watched', rating: 8.5 } })
    expect(rated.ok()).toBe(true)
    const pageB = members.bea.page

    await pageB.goto('/')
    const ratings = card(pageB, activityId).getByTestId('collab-ratings')
    await expect(ratings).toBeVisible()
    await ratings.getByRole('button', { name: 'Edit your rating' }).click()
    const dialog = pageB.getByRole('dialog', { name: 'Edit Your Rating' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('spinbutton', { name: 'Rating value' }).fill('8.7')
    await dialog.getByRole('button', { name: 'Submit Rating' }).click()
    await expect(dialog).toBeHidden()
    await expect(ratings.getByText('8.7/10.0')).toBeVisible()
    await expect(ratings.getByText('9.0/10.0')).toBeVisible()
  })

  test('refuses a rating from a member who was not invited', async ({ newMember }) => {
    const members = await circle(newMember)
    const { matrixId } = await watchTogether(members)
    const res = await members.cy.context.request.post('/api/user-movies', { data: { tmdbId: matrixId, status: 'watched', rating: 7 } })
    expect(res.status()).toBe(403)
  })

  test("recommends a show from its page, and it reaches the friend's Recommended tab", async ({ newMember }) => {
    const { ava, bea } = await circle(newMember)
    const pageA = ava.page
    const pageB = bea.page
    const search = (await (await ava.context.request.get('/api/tv-shows/search?query=breaking')).json()) as { results: { id: number; name: string }[] }
    const show = search.results.find((s) => s.name === 'Breaking Bad')
    expect(show).toBeTruthy()
    await pageA.goto(`/tv/${show!.id}`)
    const recommend = pageA.getByRole('button', { name: 'Recommend', exact: true })
    await expect(recommend).toBeVisible()
    await recommend.click()
    const dialog = pageA.getByRole('dialog', { name: /^Recommend/ })
    await expect(dialog).toBeVisible()
    const friend = dialog.getByRole('checkbox', { name: 'Bea Buddy' })
    await expect(friend).toBeVisible()
    await friend.check()
    await dialog.getByLabel(/Note/).fill('You will love Walter.')
    await dialog.getByRole('button', { name: 'Send Recommendation' }).click()
    await expect(pageA.getByText('Recommendation Sent')).toBeVisible()
    await expect(dialog).toBeHidden()

    await pageB.goto('/watchlist?tab=recommended')
    const rec = pageB.getByTestId('recommendation').filter({ hasText: 'Breaking Bad' })
    await expect(rec).toBeVisible()
    await expect(rec.getByText('Recommended by Ava Author')).toBeVisible()
    await expect(rec.getByText('You will love Walter.')).toBeVisible()
    // Add to Watchlist puts it on the list and takes it off the recommendations.
    await rec.getByRole('button', { name: 'Add to Watchlist' }).click()
    await expect(rec).toBeHidden()
    const shows = (await (await bea.context.request.get('/api/user/tv-shows')).json()) as { status: string }[]
    expect(shows.map((e) => e.status)).toEqual(['plan_to_watch'])
    expect(((await (await bea.context.request.get('/api/recommendations')).json()) as unknown[]).length).toBe(0)
  })
})
