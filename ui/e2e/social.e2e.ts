// Social end to end: following from Discover, the home feed with a friend's post, likes,
// the owner's Edit Post and Delete Post (keyboard menu, confirmation), the server refusing
// another member's delete, the invite link carried through sign-up, and the Invite a
// Friend menu item, against the real binary.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, signUpViaApi, signUpViaUi, startServer, visible, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
let ctxA: BrowserContext
let ctxB: BrowserContext
let pageA: Page
let pageB: Page
let idA = ''
let activityId = ''

async function userId(context: BrowserContext): Promise<string> {
  const res = await context.request.get('/api/auth/user')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { id: string }).id
}

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  ctxA = await newContext(browser, server.baseURL)
  ctxB = await newContext(browser, server.baseURL, { width: 390, height: 844 })
  await signUpViaApi(ctxA, { firstName: 'Ava', lastName: 'Author' })
  await signUpViaApi(ctxB, { firstName: 'Ben', lastName: 'Reader' })
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

const card = (page: Page, id: string) => page.locator(`#activity-${id}`)

describe('social', () => {
  it('follows a member from the Discover tab', async () => {
    await pageB.goto('/friends')
    const follow = await visible(pageB.getByRole('button', { name: 'Follow Ava Author' }))
    expect(await follow.getAttribute('aria-pressed')).toBe('false')
    await follow.click()
    await visible(pageB.getByText('Now following user!'))
    const following = await visible(pageB.getByRole('button', { name: 'Following Ava Author' }))
    expect(await following.getAttribute('aria-pressed')).toBe('true')
    const list = (await (await ctxB.request.get('/api/user/following')).json()) as { id: string }[]
    expect(list.map((u) => u.id)).toEqual([idA])
  })

  it("shows the followed member's new post in the home feed, and likes and unlikes it", async () => {
    const search = (await (await ctxA.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number; title: string }[] }
    const matrix = search.results.find((m) => m.title === 'The Matrix')
    expect(matrix).toBeTruthy()
    const logged = await ctxA.request.post('/api/user/movies', {
      data: { movieId: matrix!.id, status: 'watched', rating: 8.4, review: 'Red pill, every time.' },
    })
    expect(logged.ok()).toBe(true)
    const feedA = (await (await ctxA.request.get('/api/feed?limit=20&page=1')).json()) as { id: string; userId: string }[]
    activityId = feedA.find((a) => a.userId === idA)?.id ?? ''
    expect(activityId).not.toBe('')

    await pageB.goto('/')
    const post = await visible(card(pageB, activityId))
    await visible(post.getByRole('link', { name: 'Ava Author' }))
    await visible(post.getByRole('link', { name: 'The Matrix' }))
    await visible(post.getByText('8.4/10.0'))
    await visible(post.getByText('Red pill, every time.'))
    // Not the owner: the post menu offers Report and Block, never Edit or Delete.
    await post.getByRole('button', { name: 'Post options' }).click()
    await visible(pageB.getByRole('menuitem', { name: 'Report Post' }))
    await visible(pageB.getByRole('menuitem', { name: 'Block Ava Author' }))
    expect(await pageB.getByRole('menuitem', { name: /Edit Post|Delete Post/ }).count()).toBe(0)
    await pageB.keyboard.press('Escape')

    const like = post.getByRole('button', { name: /^Like,/ })
    expect(await like.getAttribute('aria-pressed')).toBe('false')
    await like.click()
    await pageB.waitForFunction((id) => document.querySelector(`#activity-${id} [aria-pressed="true"]`) !== null, activityId)
    expect(await post.getByTestId('like-count').textContent()).toBe('1')
    await expect
      .poll(async () => (await (await ctxB.request.get(`/api/activities/${activityId}`)).json()) as { isLiked: boolean; likeCount: number })
      .toMatchObject({ isLiked: true, likeCount: 1 })

    await like.click()
    await pageB.waitForFunction((id) => document.querySelector(`#activity-${id} button[aria-pressed="false"]`) !== null, activityId)
    expect(await post.getByTestId('like-count').textContent()).toBe('0')
    await expect.poll(async () => ((await (await ctxB.request.get(`/api/activities/${activityId}`)).json()) as { likeCount: number }).likeCount).toBe(0)
  })

  it('scrolls to and focuses the post an #activity link points at', async () => {
    await pageB.goto(`/#activity-${activityId}`)
    await visible(card(pageB, activityId))
    await pageB.waitForFunction((id) => document.activeElement?.id === `activity-${id}`, activityId)
  })

  it("refuses another member's delete", async () => {
    const res = await ctxB.request.delete(`/api/activities/${activityId}`)
    expect(res.status()).toBe(403)
  })

  it('lets the owner edit the review through Edit Post', async () => {
    await pageA.goto('/')
    const post = await visible(card(pageA, activityId))
    await post.getByRole('button', { name: 'Post options' }).click()
    await pageA.getByRole('menuitem', { name: 'Edit Post' }).click()
    const dialog = await visible(pageA.getByRole('dialog', { name: 'Edit Review' }))
    await dialog.getByRole('textbox', { name: /^Review/ }).fill('Even better the second time.')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await hidden(dialog)
    await visible(post.getByText('Even better the second time.'))
    const saved = (await (await ctxA.request.get(`/api/activities/${activityId}`)).json()) as { data: { review: string } }
    expect(saved.data.review).toBe('Even better the second time.')
  })

  it('deletes the post with the keyboard after confirming', async () => {
    const post = card(pageA, activityId)
    const options = post.getByRole('button', { name: 'Post options' })
    await options.focus()
    await pageA.keyboard.press('ArrowDown')
    await pageA.waitForFunction(() => document.activeElement?.textContent === 'Edit Post')
    await pageA.keyboard.press('ArrowDown')
    await pageA.waitForFunction(() => document.activeElement?.textContent === 'Delete Post')
    await pageA.keyboard.press('Enter')
    const confirm = await visible(pageA.getByRole('dialog', { name: 'Delete Post' }))
    await visible(confirm.getByText('Are you sure you want to delete this post? This action cannot be undone.'))
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await hidden(post)
    await expect.poll(async () => (await ctxA.request.get(`/api/activities/${activityId}`)).status()).toBe(404)
    await pageA.reload()
    await visible(pageA.getByRole('heading', { name: 'Your Feed' }))
    await visible(pageA.getByText('Your feed is empty. Start following friends or add some movies to get started!'))
    expect(await card(pageA, activityId).count()).toBe(0)
  })

  it('copies the invite link from the avatar menu', async () => {
    await ctxA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL })
    await pageA.getByRole('button', { name: /^Account menu for/ }).click()
    await pageA.getByRole('menuitem', { name: 'Invite a Friend' }).click()
    await visible(pageA.getByRole('menuitem', { name: 'Copied!' }))
    expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseURL}/?ref=${idA}`)
    await visible(pageA.getByRole('menuitem', { name: 'Invite a Friend' }), 5000)
  })

  it('signs up a newcomer from the invite link already following the inviter', async () => {
    const ctxC = await newContext(browser, server.baseURL)
    try {
      const page = await ctxC.newPage()
      await page.goto(`/?ref=${idA}`)
      await (await visible(page.getByRole('link', { name: 'Start Your Movie Journey' }))).click()
      await page.waitForURL((url) => url.pathname === '/login')
      await signUpViaUi(page, { firstName: 'Cleo', lastName: 'Newcomer' })
      await page.waitForURL((url) => url.pathname === '/')
      const following = (await (await ctxC.request.get('/api/user/following')).json()) as { id: string }[]
      expect(following.map((u) => u.id)).toContain(idA)
      const followers = (await (await ctxA.request.get('/api/user/followers')).json()) as { firstName: string; isFollowing: boolean }[]
      expect(followers.find((u) => u.firstName === 'Cleo')).toMatchObject({ isFollowing: true })
    } finally {
      await ctxC.close()
    }
  })
})
