// Public pages (#21) end to end: a member turns public in Settings › Sharing, a signed-out
// browser opens their review link and sees it with a sign-up button, the page's Open Graph
// tags name the film and its image is a 1200×630 PNG; a member who is not public shows
// nothing; Year in Review draws its charts and its share card downloads.
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'
import { signUpViaApi } from './harness'

const year = new Date().getUTCFullYear()

async function logMatrixReview(request: APIRequestContext, review: string) {
  const search = (await (await request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number; title: string }[] }
  const movieId = search.results.find((t) => t.title === 'The Matrix')?.id
  expect(movieId).toBeTruthy()
  const res = await request.post('/api/user/movies', {
    data: { movieId, status: 'watched', rating: 8.5, review, watchedAt: `${year}-01-15`, watchedWith: [] },
  })
  expect(res.ok()).toBe(true)
}

/** pngSize reads a PNG's width and height from its IHDR chunk. */
function pngSize(b: Buffer): { width: number; height: number } {
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) }
}

test('a member turns public and a signed-out visitor reads their review, which unfurls', async ({ page, context, browser, baseURL }) => {
  await signUpViaApi(context, { firstName: 'Paula', lastName: 'Public', nickname: 'Paula Reviews' })
  await logMatrixReview(context.request, 'Red pill, every single time.')

  await page.goto('/settings/sharing')
  const handle = page.getByLabel('Handle')
  await expect(handle).toHaveValue('paula_reviews')
  await page.getByRole('switch', { name: 'Public profile' }).check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('link', { name: 'View your public profile' })).toBeVisible()

  const profile = (await (await context.request.get('/api/public/users/paula_reviews')).json()) as { reviews: { id: string }[] }
  const reviewPath = `/u/paula_reviews/review/${profile.reviews[0]?.id ?? ''}`

  const visitor = await browser.newContext({ baseURL })
  const v = await visitor.newPage()
  await v.goto(reviewPath)
  await expect(v.getByRole('heading', { name: /The Matrix/ })).toBeVisible()
  await expect(v.getByText('Red pill, every single time.')).toBeVisible()
  await expect(v.getByRole('link', { name: 'Sign up to CineCircle' })).toBeVisible()

  const html = await (await visitor.request.get(reviewPath)).text()
  expect(html).toMatch(/<meta property="og:title" content="[^"]*The Matrix \(1999\)"/)
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? ''
  expect(image).toContain('/og/review/')
  const png = await visitor.request.get(image)
  expect(png.headers()['content-type']).toBe('image/png')
  expect(pngSize(await png.body())).toEqual({ width: 1200, height: 630 })
  await visitor.close()
})

test('a member who is not public shows nothing of theirs to a visitor', async ({ context, browser, baseURL }) => {
  await signUpViaApi(context, { firstName: 'Pat', lastName: 'Private' })
  await logMatrixReview(context.request, 'Only for my friends.')
  expect((await context.request.patch('/api/user/settings', { data: { handle: 'pat_private' } })).ok()).toBe(true)

  const visitor = await browser.newContext({ baseURL })
  const v = await visitor.newPage()
  for (const path of ['/u/pat_private', `/u/pat_private/year/${year}`]) {
    // the status from the server itself: once the first page installed the service worker, it answers navigations with the app shell
    expect((await visitor.request.get(path)).status()).toBe(404)
    await v.goto(path)
    await expect(v.getByRole('heading', { name: 'Nothing to see here' })).toBeVisible()
    await expect(v.getByText('Only for my friends.')).toHaveCount(0)
    await expect(v.getByText('Pat Private')).toHaveCount(0)
  }
  const html = await (await visitor.request.get('/u/pat_private')).text()
  expect(html).toContain('noindex')
  expect(html).not.toContain('Pat')
  expect((await visitor.request.get('/u/pat_private/rss')).status()).toBe(404)
  await visitor.close()
})

test('Year in Review draws its charts and its share card downloads', async ({ page, context }) => {
  await signUpViaApi(context, { firstName: 'Yara', lastName: 'Year' })
  await logMatrixReview(context.request, 'A year-opening classic.')
  await page.goto(`/year/${year}`)
  await expect(page.getByRole('heading', { name: `Your ${year}` })).toBeVisible()
  const months = page.getByRole('img', { name: `Watches per month in ${year}` })
  await expect(months).toBeVisible()
  await expect(months).toHaveAccessibleDescription(/^Jan: 1 film, 0 episodes Feb: 0 films/)
  await expect(page.getByRole('img', { name: `Ratings given in ${year}` })).toHaveAccessibleDescription(/Rated 9: 1 watch/)
  await page.getByRole('button', { name: 'Share as Image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Share as Image' })
  await expect(dialog.getByTestId('year-share-card').first()).toBeVisible()
  const download = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download Image' }).click()
  expect((await download).suggestedFilename()).toBe(`cinecircle-${year}-in-review.png`)
})

test('a visitor opens a public list link and reads its titles; a private list is not there', async ({ context, browser, baseURL }) => {
  await signUpViaApi(context, { firstName: 'Lena', lastName: 'Lists' })
  expect((await context.request.patch('/api/user/settings', { data: { public: true, handle: 'lena_lists' } })).ok()).toBe(true)
  const movieIds: number[] = []
  for (const [query, title] of [
    ['nosferatu', 'Nosferatu'],
    ['kid', 'The Kid'],
  ] as const) {
    const search = (await (await context.request.get(`/api/movies/search?query=${encodeURIComponent(query)}`)).json()) as { results: { id: number; title: string }[] }
    const id = search.results.find((m) => m.title === title)?.id ?? 0
    expect(id, title).toBeGreaterThan(0)
    movieIds.push(id)
  }
  const newList = async (name: string, visibility: string) => {
    const res = await context.request.post('/api/lists', { data: { name, description: `${name}, described.`, ranked: true, visibility } })
    expect(res.status()).toBe(201)
    const { id } = (await res.json()) as { id: string }
    for (const [i, movieId] of movieIds.entries()) {
      expect((await context.request.post(`/api/lists/${id}/items`, { data: { movieId, note: `${name} note ${i + 1}` } })).status()).toBe(201)
    }
    return id
  }
  const shown = await newList('Silent and sublime', 'public')
  const secret = await newList('My secret picks', 'private')

  const visitor = await browser.newContext({ baseURL })
  const v = await visitor.newPage()
  await v.goto(`/u/lena_lists/list/${shown}`)
  await expect(v.getByRole('heading', { name: 'Silent and sublime' })).toBeVisible()
  const items = v.getByTestId('public-list-items').getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText('1')
  await expect(items.nth(0).getByRole('heading', { name: /Nosferatu/ })).toBeVisible()
  await expect(items.nth(0)).toContainText('Silent and sublime note 1')
  await expect(items.nth(1).getByRole('heading', { name: /The Kid/ })).toBeVisible()
  await expect(v.getByRole('link', { name: 'Sign up to CineCircle' })).toBeVisible()
  const html = await (await visitor.request.get(`/u/lena_lists/list/${shown}`)).text()
  expect(html).toMatch(/<meta property="og:title" content="Silent and sublime, a list by Lena Lists/)
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? ''
  expect(image).toContain(`/og/list/${shown}.png`)
  expect(pngSize(await (await visitor.request.get(image)).body())).toEqual({ width: 1200, height: 630 })

  // the profile shows the public list and leads to it; the private one is nowhere
  await v.goto('/u/lena_lists')
  const lists = v.getByTestId('public-lists')
  await expect(lists.getByRole('link', { name: /Silent and sublime/ })).toBeVisible()
  await expect(v.getByText('My secret picks')).toHaveCount(0)

  // (the status from the server itself: by now the service worker answers navigations with the app shell)
  const hidden = await visitor.request.get(`/u/lena_lists/list/${secret}`)
  expect(hidden.status()).toBe(404)
  expect(await hidden.text()).not.toContain('My secret picks')
  await v.goto(`/u/lena_lists/list/${secret}`)
  await expect(v.getByRole('heading', { name: 'Nothing to see here' })).toBeVisible()
  await expect(v.getByText('My secret picks')).toHaveCount(0)
  await expect(v.getByText('note 1')).toHaveCount(0)
  await visitor.close()
})
