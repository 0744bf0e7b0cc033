// Conversation end to end: the bell (a follow reaches the followed member live, over
// realtime), the 'N new posts' pill, a comment thread on a feed card (comment, replies
// down to depth 3, an emoji from the picker, a GIF from the local library, counts on the
// card) and a push message delivered to the service worker through CDP, which shows a
// notification. The server is seeded with `cinecircle demo` for the GIF library.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, signUpViaApi, startServer, visible, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
let ctxA: BrowserContext
let ctxB: BrowserContext
let pageA: Page
let pageB: Page
let aliceId = ''
let activityId = ''

interface Me {
  id: string
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** waitUntil polls fn until it returns a truthy value. */
async function waitUntil<T>(fn: () => Promise<T>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T
  do {
    last = await fn()
    if (last) return last
    await sleep(200)
  } while (Date.now() < deadline)
  throw new Error(`timed out waiting for ${what}`)
}

/** openWithRealtime loads a page and waits until its event stream (GET /api/events) is open. */
async function openWithRealtime(page: Page, path: string) {
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.request().method() === 'GET' && r.ok(), { timeout: 15_000 })
  await page.goto(path)
  await subscribed
}

beforeAll(async () => {
  server = await startServer({ demo: true })
  browser = await launchBrowser()
  ctxA = await newContext(browser, server.baseURL)
  ctxB = await newContext(browser, server.baseURL)
  await ctxA.grantPermissions(['notifications'], { origin: server.baseURL })
  await signUpViaApi(ctxA, { firstName: 'Alice', lastName: 'Author' })
  await signUpViaApi(ctxB, { firstName: 'Bruno', lastName: 'Reader' })
  aliceId = ((await (await ctxA.request.get('/api/auth/user')).json()) as Me).id
  pageA = await ctxA.newPage()
  pageB = await ctxB.newPage()
})

afterAll(async () => {
  await ctxA?.close()
  await ctxB?.close()
  await browser?.close()
  await server?.stop()
})

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

describe('conversation', () => {
  it('a follow reaches the bell live; opening it marks all read; the item leads to followers', async () => {
    await openWithRealtime(pageA, '/')
    await visible(bell(pageA))
    expect(await pageA.getByTestId('notification-badge').count()).toBe(0)

    const res = await ctxB.request.post('/api/follow', { data: { userId: aliceId } })
    expect(res.ok()).toBe(true)

    // Polling runs every 30 s only while realtime is down: this arrives well before.
    const badge = await visible(pageA.getByTestId('notification-badge'), 8_000)
    expect(await badge.textContent()).toBe('1')

    await bell(pageA).click()
    const panel = await visible(pageA.getByRole('region', { name: 'Notifications', exact: true }))
    const item = await visible(panel.getByRole('button', { name: /Bruno Reader.*started following you/ }))
    await hidden(pageA.getByTestId('notification-badge'))
    const unread = (await (await ctxA.request.get('/api/notifications/unread-count')).json()) as unknown
    expect(unread).toEqual({ count: 0 })

    await item.click()
    await waitUntil(() => Promise.resolve(new URL(pageA.url()).search === '?tab=followers' && new URL(pageA.url()).pathname === '/friends'), 'followers page')
  })

  it('a new post of a followed member shows the new posts pill, which refreshes the feed', async () => {
    await openWithRealtime(pageB, '/')
    const unreadBefore = (await (await ctxB.request.get('/api/notifications/unread-count')).json()) as { count: number }
    const search = (await (await ctxA.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number }[] }
    const movieId = search.results[0]?.id
    expect(movieId).toBeTruthy()
    const logged = await ctxA.request.post('/api/user/movies', { data: { movieId, status: 'watched', rating: 8, review: 'Still holds up.' } })
    expect(logged.ok()).toBe(true)

    const pill = await visible(pageB.getByRole('button', { name: '1 new post' }), 8_000)
    // B's bell counts the new_post notification too, without a reload.
    const badgeB = await visible(pageB.getByTestId('notification-badge'), 8_000)
    await waitUntil(async () => Number(await badgeB.textContent()) === unreadBefore.count + 1, "B's badge counts the new post")
    await pill.click()
    await hidden(pill)
    const feed = (await (await ctxB.request.get('/api/feed?limit=20&page=1')).json()) as { id: string; userId: string }[]
    activityId = feed.find((a) => a.userId === aliceId)?.id ?? ''
    expect(activityId).not.toBe('')
    await visible(pageB.locator(`#activity-${activityId}`))
  })

  it('comments, replies down to depth 3, adds an emoji and a GIF, and keeps the card count in step', async () => {
    const card = pageB.locator(`#activity-${activityId}`)
    await card.getByRole('button', { name: /^Comments, 0 comments/ }).click()
    const thread = await visible(card.getByRole('region', { name: 'Comments' }))
    await visible(thread.getByText('No comments yet. Be the first to comment!'))

    const postButton = thread.getByRole('button', { name: 'Post comment' })
    expect(await postButton.isDisabled()).toBe(true)
    const box = thread.getByRole('textbox', { name: 'Write a comment' })
    await box.fill('   ')
    expect(await postButton.isDisabled()).toBe(true)

    // Shift+Enter is a new line; Enter submits.
    await box.fill('Great pick!')
    await box.press('Shift+Enter')
    await box.pressSequentially('Agreed.')
    expect(await box.inputValue()).toBe('Great pick!\nAgreed.')
    await box.press('Enter')
    await visible(pageB.getByText('Comment added successfully!'))
    const first = await visible(thread.getByRole('article', { name: 'Comment by Bruno Reader' }).filter({ hasText: 'Great pick!' }))
    expect(await box.inputValue()).toBe('')

    // Replies: depth 1, 2, 3; the reply banner clears after each post.
    let parent = first
    for (const depth of [1, 2, 3]) {
      await parent.getByRole('button', { name: 'Reply' }).click()
      const banner = await visible(thread.getByTestId('reply-target'))
      const replyBox = thread.getByRole('textbox', { name: 'Write a reply' })
      await replyBox.fill(`Reply at depth ${depth}`)
      await replyBox.press('Enter')
      await hidden(banner)
      parent = await visible(thread.locator(`li[data-depth="${depth}"] > article`).filter({ hasText: `Reply at depth ${depth}` }))
    }
    // No reply button at depth 3.
    expect(await parent.getByRole('button', { name: 'Reply' }).count()).toBe(0)

    // The reply target can be cleared with its x.
    await first.getByRole('button', { name: 'Reply' }).click()
    await (await visible(thread.getByRole('button', { name: 'Cancel reply' }))).click()
    await hidden(thread.getByTestId('reply-target'))

    // An emoji from the quick reactions row, then the full picker is there too.
    await thread.getByRole('button', { name: 'Add an emoji' }).click()
    const picker = await visible(pageB.getByRole('dialog', { name: 'Emoji picker' }))
    await visible(picker.locator('em-emoji-picker'))
    await picker.getByRole('button', { name: 'Thumbs up' }).click()
    expect(await box.inputValue()).toBe('👍')
    await pageB.keyboard.press('Escape')
    await hidden(picker)
    await box.press('End')
    await box.pressSequentially(' Loved it')
    await box.press('Enter')
    await visible(thread.getByRole('article').filter({ hasText: '👍 Loved it' }))

    // A GIF from the local library: featured first, then a search, then pick it.
    await thread.getByRole('button', { name: 'Add a GIF' }).click()
    const gifs = await visible(pageB.getByRole('dialog', { name: 'Choose a GIF' }))
    await visible(gifs.getByText('GIFs by CineCircle library'))
    const grid = gifs.getByRole('list', { name: 'GIFs' })
    await visible(grid.getByRole('button').first())
    await gifs.getByRole('searchbox', { name: 'Search GIFs' }).fill('popcorn')
    const popcorn = await visible(grid.getByRole('button', { name: 'Popcorn time' }))
    await waitUntil(async () => (await grid.getByRole('button').count()) === 1, 'the search results')
    await gifs.getByRole('searchbox', { name: 'Search GIFs' }).fill('no such gif anywhere')
    await visible(gifs.getByText('No GIFs found'))
    await gifs.getByRole('searchbox', { name: 'Search GIFs' }).fill('popcorn')
    await popcorn.click()
    await hidden(gifs)
    await visible(thread.getByTestId('selected-gif'))
    expect(await postButton.isDisabled()).toBe(false)
    await postButton.click()
    await hidden(thread.getByTestId('selected-gif'))
    await visible(thread.getByRole('article').filter({ has: pageB.getByRole('img', { name: 'GIF' }) }))

    // The card's count follows: 1 comment + 3 replies + emoji + GIF.
    await visible(card.getByRole('button', { name: /^Comments, 6 comments/ }))
    const comments = (await (await ctxB.request.get(`/api/activities/${activityId}/comments`)).json()) as {
      depth: number
      commentType: string
      content: string
    }[]
    expect(comments.map((c) => c.depth)).toEqual([0, 1, 2, 3, 0, 0])
    expect(comments.at(-1)?.commentType).toBe('gif')
    expect(comments.at(-2)).toMatchObject({ commentType: 'text', content: '👍 Loved it' })
  })

  it('likes a comment and deletes one, and the post owner sees the comments arrive in the bell', async () => {
    const card = pageB.locator(`#activity-${activityId}`)
    const thread = card.getByRole('region', { name: 'Comments' })
    const emojiComment = thread.getByRole('article').filter({ hasText: '👍 Loved it' })
    await emojiComment.getByRole('button', { name: 'Like comment' }).click()
    await visible(emojiComment.getByRole('button', { name: 'Unlike comment' }))
    expect(await emojiComment.getByTestId('comment-like-count').textContent()).toBe('1')

    await emojiComment.getByRole('button', { name: 'Delete comment' }).click()
    await emojiComment.getByRole('button', { name: 'Delete', exact: true }).click()
    await hidden(emojiComment)
    await visible(card.getByRole('button', { name: /^Comments, 5 comments/ }))

    // Alice's bell (her page has stayed open since the first test) shows the comments.
    const badge = await visible(pageA.getByTestId('notification-badge'), 8_000)
    expect(Number(await badge.textContent())).toBeGreaterThan(0)
  })

  it('offers Enable Notifications in the avatar menu, and a push reaches the service worker and shows', async () => {
    await pageA.goto('/')
    await pageA.getByRole('button', { name: /^Account menu/ }).click()
    await visible(pageA.getByRole('menuitem', { name: 'Enable Notifications' }))
    await pageA.keyboard.press('Escape')

    // The production build registers /sw.js at the root.
    const scope = await pageA.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(scope).toBe(`${server.baseURL}/`)
    const manifest = await pageA.evaluate(async () => (await fetch('/manifest.webmanifest')).json() as Promise<{ name: string }>)
    expect(manifest.name).toBe('CineCircle')

    const cdp = await ctxA.newCDPSession(pageA)
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL === `${server.baseURL}/` && !r.isDeleted)
        if (found) resolve(found.registrationId)
      })
    })
    await cdp.send('ServiceWorker.enable')
    const payload = { title: 'CineCircle', body: 'Bruno Reader commented on your post', url: `/#activity-${activityId}`, tag: 'e2e-push', type: 'comment', entityType: 'activity', entityId: activityId }
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseURL, registrationId: await registrationId, data: JSON.stringify(payload) })

    const shown = await waitUntil(
      () =>
        pageA.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready
          const list = await reg.getNotifications({ tag: 'e2e-push' })
          return list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url }))[0] ?? null
        }),
      'the push notification',
    )
    expect(shown).toEqual({ title: 'CineCircle', body: 'Bruno Reader commented on your post', url: `/#activity-${activityId}` })
    await cdp.detach()
  })
})
