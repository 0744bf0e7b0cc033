// Markup is text: a hostile member puts script and markup payloads in every free text
// others see (first and last name, nickname, a review, an episode review, a comment, a
// recommendation note); another member views them in Chromium on the feed, the thread,
// a title page, the author's profile, the Friends page, the recommendations and the
// notifications. Nothing may execute (no dialog, no window flag), no element of a
// payload may exist in the page, and each payload reads back literally.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser, newContext, signUpViaApi, startServer, visible, type RunningServer } from './harness'

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

let server: RunningServer
let browser: Browser
let ctxA: BrowserContext
let ctxB: BrowserContext
let page: Page
let idA = ''
let activityA = ''
let tvId = 0
const dialogs: string[] = []

async function ok(res: { ok: () => boolean; status: () => number; text: () => Promise<string> }, what: string) {
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`)
}

async function firstResult(ctx: BrowserContext, path: string): Promise<number> {
  const body = (await (await ctx.request.get(path)).json()) as { results: { id: number }[] }
  const id = body.results[0]?.id
  if (!id) throw new Error(`no result for ${path}`)
  return id
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  ctxA = await newContext(browser, server.baseURL)
  ctxB = await newContext(browser, server.baseURL)
  await signUpViaApi(ctxA, { firstName: FIRST, lastName: LAST, nickname: NICK })
  await signUpViaApi(ctxB, { firstName: 'Bea', lastName: 'Viewer' })
  idA = ((await (await ctxA.request.get('/api/auth/user')).json()) as { id: string }).id
  const idB = ((await (await ctxB.request.get('/api/auth/user')).json()) as { id: string }).id

  const movie = await firstResult(ctxA, '/api/movies/search?query=matrix')
  const other = await firstResult(ctxA, '/api/movies/search?query=alien')
  tvId = await firstResult(ctxA, '/api/tv-shows/search?query=the')

  await ok(await ctxB.request.post('/api/follow', { data: { userId: idA } }), 'B follows A')
  await ok(await ctxA.request.post('/api/follow', { data: { userId: idB } }), 'A follows B')
  const posted = await ctxB.request.post('/api/user/movies', { data: { movieId: other, status: 'watched', rating: 7 } })
  await ok(posted, 'B logs a movie')
  const activityB = ((await posted.json()) as { activityId: string }).activityId

  const logged = await ctxA.request.post('/api/user/movies', { data: { movieId: movie, status: 'watched', rating: 9, review: REVIEW } })
  await ok(logged, 'A reviews a movie')
  activityA = ((await logged.json()) as { activityId: string }).activityId
  await ok(
    await ctxA.request.post(`/api/tv-shows/${tvId}/episode-reviews`, { data: { seasonNumber: 1, episodeNumber: 1, rating: 8, review: EPISODE } }),
    'A reviews an episode',
  )
  await ok(await ctxA.request.post(`/api/activities/${activityA}/comments`, { data: { content: COMMENT } }), 'A comments')
  await ok(await ctxA.request.post(`/api/activities/${activityB}/comments`, { data: { content: COMMENT } }), "A comments on B's post")
  await ok(await ctxA.request.post(`/api/activities/${activityB}/like`), "A likes B's post")
  await ok(await ctxA.request.post('/api/recommendations', { data: { movieId: movie, userIds: [idB], message: NOTE } }), 'A recommends')

  page = await ctxB.newPage()
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
})

afterAll(async () => {
  await ctxA?.close()
  await ctxB?.close()
  await browser?.close()
  await server?.stop()
})

/** expectInert: nothing of any payload ran or became an element on the page. */
async function expectInert(where: string) {
  // Give an injected handler (onerror of a broken image, onload) the chance to fire.
  await page.waitForTimeout(300)
  expect(dialogs, `dialogs on ${where}`).toEqual([])
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss), `window.__xss on ${where}`).toBeUndefined()
  expect(await page.locator('[data-xss]').count(), `payload elements on ${where}`).toBe(0)
  expect(await page.locator('a[href^="javascript:" i], iframe, object, embed').count(), `active elements on ${where}`).toBe(0)
  expect(await page.locator('body').isVisible(), `body shown on ${where}`).toBe(true)
}

describe('markup from members renders as text', () => {
  it('on the feed and in the thread', async () => {
    await page.goto('/')
    const card = await visible(page.locator(`#activity-${activityA}`))
    await visible(card.getByRole('link', { name: AUTHOR }))
    await visible(card.getByText(REVIEW, { exact: true }))
    await card.getByRole('button', { name: /^Comments, 1 comment/ }).click()
    const thread = await visible(card.getByRole('region', { name: 'Comments' }))
    const comment = await visible(thread.getByRole('article', { name: `Comment by ${AUTHOR}` }))
    await visible(comment.getByText(COMMENT, { exact: true }))
    await expectInert('the feed')
  })

  it("on a title page's episode reviews", async () => {
    await page.goto(`/tv/${tvId}`)
    await (await visible(page.getByRole('button', { name: /^Season 1\b/ }))).click()
    const season = await visible(page.getByRole('region', { name: /^Season 1\b.* episodes$/ }))
    await visible(season.getByText(EPISODE, { exact: true }))
    await visible(season.getByText(AUTHOR))
    await expectInert('the title page')
  })

  it("on the author's profile", async () => {
    await page.goto(`/profile/${idA}`)
    await visible(page.getByRole('heading', { name: AUTHOR }))
    await visible(page.getByText(`“${NICK}”`, { exact: true }))
    await visible(page.getByText(REVIEW, { exact: true }).first())
    await expectInert('the profile')
  })

  it('on the Friends page and in the recommendations', async () => {
    await page.goto('/friends?tab=followers')
    await visible(page.getByText(AUTHOR).first())
    await expectInert('the followers list')
    await page.goto('/watchlist?tab=recommended')
    const rec = await visible(page.getByTestId('recommendation'))
    await visible(rec.getByText(`“${NOTE}”`, { exact: true }))
    await visible(rec.getByText(AUTHOR))
    await expectInert('the recommendations')
  })

  it('in the notifications', async () => {
    await page.goto('/')
    await page.getByRole('button', { name: /^Notifications/ }).click()
    const panel = await visible(page.getByRole('region', { name: 'Notifications', exact: true }))
    await visible(panel.getByRole('button', { name: /started following you/ }))
    await visible(panel.getByRole('button', { name: /liked your/ }))
    await visible(panel.getByText(AUTHOR).first())
    await expectInert('the notifications')
  })
})
