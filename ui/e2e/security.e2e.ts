// Markup is text: a hostile member puts script and markup payloads in every free text
// others see (first and last name, nickname, a review, an episode review, a comment, a
// recommendation note); another member views them in Chromium on the feed, the thread,
// a title page, the author's profile, the Friends page, the recommendations and the
// notifications. Nothing may execute (no dialog, no window flag), no element of a
// payload may exist in the page, and each payload reads back literally. Each test sets
// its payloads up through the API.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test, type SignedInMember } from './fixtures'

/** Each payload would set window.__xss and open an alert if it ever ran as markup. */
const run = (where: string) => `window.__xss='${where}';alert('${where}')`
const FIRST = `<img src=x data-xss onerror="${run('first')}">`
const LAST = `<script data-xss>${run('last')}</script>`
const NICK = `<svg data-xss onload=alert('nick')>` // nicknames stop at 50 characters
const REVIEW = `<b data-xss>bold</b><img src=x data-xss onerror="${run('review')}"> <a data-xss href="javascript:${run('review-link')}">more</a>`
const EPISODE = `<iframe data-xss srcdoc="<script>parent.${run('episode')}</script>"></iframe>`
const COMMENT = `<details data-xss open ontoggle="${run('comment')}">x</details><style data-xss>body{display:none}</style>`
const NOTE = `<object data-xss data="javascript:${run('note')}"></object>`
const AUTHOR = `${FIRST} ${LAST}`

async function ok(res: { ok: () => boolean; status: () => number; text: () => Promise<string> }, what: string) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`)
}

async function firstResult(request: APIRequestContext, path: string): Promise<number> {
  const body = (await (await request.get(path)).json()) as { results: { id: number }[] }
  const id = body.results[0]?.id
  if (!id) throw new Error(`no result for ${path}`)
  return id
}

interface Hostile {
  /** The viewer's page; every dialog it opens is recorded in dialogs. */
  page: Page
  dialogs: string[]
  idA: string
  activityA: string
  tvId: number
}

/**
 * hostile: member A (markup in every name) and B follow each other; B posts; A reviews a
 * movie and an episode, comments on both posts, likes B's and recommends B a movie, all
 * with payloads. Returns B's page, which the tests view them on.
 */
async function hostile(newMember: (fields: { firstName: string; lastName: string; nickname?: string }) => Promise<SignedInMember>): Promise<Hostile> {
  const a = await newMember({ firstName: FIRST, lastName: LAST, nickname: NICK })
  const b = await newMember({ firstName: 'Bea', lastName: 'Viewer' })
  const ra = a.context.request

  const movie = await firstResult(ra, '/api/movies/search?query=matrix')
  const other = await firstResult(ra, '/api/movies/search?query=alien')
  const tvId = await firstResult(ra, '/api/tv-shows/search?query=the')

  await ok(await b.context.request.post('/api/follow', { data: { userId: a.id } }), 'B follows A')
  await ok(await ra.post('/api/follow', { data: { userId: b.id } }), 'A follows B')
  const posted = await b.context.request.post('/api/user/movies', { data: { movieId: other, status: 'watched', rating: 7 } })
  await ok(posted, 'B logs a movie')
  const activityB = ((await posted.json()) as { activityId: string }).activityId

  const logged = await ra.post('/api/user/movies', { data: { movieId: movie, status: 'watched', rating: 9, review: REVIEW } })
  await ok(logged, 'A reviews a movie')
  const activityA = ((await logged.json()) as { activityId: string }).activityId
  await ok(
    await ra.post(`/api/tv-shows/${tvId}/episode-reviews`, { data: { seasonNumber: 1, episodeNumber: 1, rating: 8, review: EPISODE } }),
    'A reviews an episode',
  )
  await ok(await ra.post(`/api/activities/${activityA}/comments`, { data: { content: COMMENT } }), 'A comments')
  await ok(await ra.post(`/api/activities/${activityB}/comments`, { data: { content: COMMENT } }), "A comments on B's post")
  await ok(await ra.post(`/api/activities/${activityB}/like`), "A likes B's post")
  await ok(await ra.post('/api/recommendations', { data: { movieId: movie, userIds: [b.id], message: NOTE } }), 'A recommends')

  const dialogs: string[] = []
  b.page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  return { page: b.page, dialogs, idA: a.id, activityA, tvId }
}

/** expectInert: nothing of any payload ran or became an element on the page. */
async function expectInert({ page, dialogs }: Hostile, where: string) {
  // Give an injected handler (onerror of a broken image, onload) the chance to fire.
  await page.waitForTimeout(300)
  expect(dialogs, `dialogs on ${where}`).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss), `window.__xss on ${where}`).toBeUndefined()
  await expect(page.locator('[data-xss]'), `payload elements on ${where}`).toHaveCount(0)
  await expect(page.locator('a[href^="javascript:" i], iframe, object, embed'), `active elements on ${where}`).toHaveCount(0)
  await expect(page.locator('body'), `body shown on ${where}`).toBeVisible()
}

test.describe('markup from members renders as text', () => {
  test('on the feed and in the thread', async ({ newMember }) => {
    const h = await hostile(newMember)
    const { page } = h
    await page.goto('/')
    const card = page.locator(`#activity-${h.activityA}`)
    await expect(card).toBeVisible()
    await expect(card.getByRole('link', { name: AUTHOR })).toBeVisible()
    await expect(card.getByText(REVIEW, { exact: true })).toBeVisible()
    await card.getByRole('button', { name: /^Comments, 1 comment/ }).click()
    const thread = card.getByRole('region', { name: 'Comments' })
    await expect(thread).toBeVisible()
    const comment = thread.getByRole('article', { name: `Comment by ${AUTHOR}` })
    await expect(comment).toBeVisible()
    await expect(comment.getByText(COMMENT, { exact: true })).toBeVisible()
    await expectInert(h, 'the feed')
  })

  test("on a title page's episode reviews", async ({ newMember }) => {
    const h = await hostile(newMember)
    const { page } = h
    await page.goto(`/tv/${h.tvId}`)
    const season1 = page.getByRole('button', { name: /^Season 1\b/ })
    await expect(season1).toBeVisible()
    await season1.click()
    const season = page.getByRole('region', { name: /^Season 1\b.* episodes$/ })
    await expect(season).toBeVisible()
    // Other tests' hostile members review the same episode: any of them will do.
    await expect(season.getByText(EPISODE, { exact: true }).first()).toBeVisible()
    await expect(season.getByText(AUTHOR).first()).toBeVisible()
    await expectInert(h, 'the title page')
  })

  test("on the author's profile", async ({ newMember }) => {
    const h = await hostile(newMember)
    const { page } = h
    await page.goto(`/profile/${h.idA}`)
    await expect(page.getByRole('heading', { name: AUTHOR })).toBeVisible()
    await expect(page.getByText(`“${NICK}”`, { exact: true })).toBeVisible()
    await expect(page.getByText(REVIEW, { exact: true }).first()).toBeVisible()
    await expectInert(h, 'the profile')
  })

  test('on the Friends page and in the recommendations', async ({ newMember }) => {
    const h = await hostile(newMember)
    const { page } = h
    await page.goto('/friends?tab=followers')
    await expect(page.getByText(AUTHOR).first()).toBeVisible()
    await expectInert(h, 'the followers list')
    await page.goto('/watchlist?tab=recommended')
    const rec = page.getByTestId('recommendation')
    await expect(rec).toBeVisible()
    await expect(rec.getByText(`“${NOTE}”`, { exact: true })).toBeVisible()
    await expect(rec.getByText(AUTHOR)).toBeVisible()
    await expectInert(h, 'the recommendations')
  })

  test('in the notifications', async ({ newMember }) => {
    const h = await hostile(newMember)
    const { page } = h
    await page.goto('/')
    await page.getByRole('button', { name: /^Notifications/ }).click()
    const panel = page.getByRole('region', { name: 'Notifications', exact: true })
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('button', { name: /started following you/ })).toBeVisible()
    await expect(panel.getByRole('button', { name: /liked your/ })).toBeVisible()
    await expect(panel.getByText(AUTHOR).first()).toBeVisible()
    await expectInert(h, 'the notifications')
  })
})
