// Conversation end to end: the bell (a follow reaches the followed member live, over
// realtime), the 'N new posts' pill, a comment thread on a feed card (comment, replies
// down to depth 3, an emoji from the picker, a GIF from the local library, counts on the
// card) and a push message delivered to the service worker through CDP, which shows a
// notification. The server is seeded with `cinecircle demo` for the GIF library. Each test
// signs up its own members (Alice writes, Bruno reads) and sets up its posts and comments
// through the API.
import type { Page } from '@playwright/test'
import { expect, test, type SignedInMember } from './fixtures'

test.use({ serverOptions: { demo: true, fresh: false } })

/** openWithRealtime loads a page and waits until its event stream (GET /api/events) is open. */
async function openWithRealtime(page: Page, path: string) {
  const subscribed = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.request().method() === 'GET' && r.ok(), { timeout: 15_000 })
  await page.goto(path)
  await subscribed
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

/** pair: Alice (allowed notifications) and Bruno, who follows her when follows is true. */
async function pair(newMember: (fields: { firstName: string; lastName: string }) => Promise<SignedInMember>, server: { baseURL: string }, follows: boolean) {
  const alice = await newMember({ firstName: 'Alice', lastName: 'Author' })
  const bruno = await newMember({ firstName: 'Bruno', lastName: 'Reader' })
  await alice.context.grantPermissions(['notifications'], { origin: server.baseURL })
  if (follows) expect((await bruno.context.request.post('/api/follow', { data: { userId: alice.id } })).ok()).toBe(true)
  return { alice, bruno }
}

/** post: Alice logs a movie with a review; returns the post's id. */
async function post(alice: SignedInMember): Promise<string> {
  const search = (await (await alice.context.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number }[] }
  const movieId = search.results[0]?.id
  expect(movieId).toBeTruthy()
  const logged = await alice.context.request.post('/api/user/movies', { data: { movieId, status: 'watched', rating: 8, review: 'Still holds up.' } })
  expect(logged.ok()).toBe(true)
  return ((await logged.json()) as { activityId: string }).activityId
}

test.describe('conversation', () => {
  test('a follow reaches the bell live; opening it marks all read; the item leads to followers', async ({ newMember, server }) => {
    const { alice, bruno } = await pair(newMember, server, false)
    const pageA = alice.page
    await openWithRealtime(pageA, '/')
    await expect(bell(pageA)).toBeVisible()
    await expect(pageA.getByTestId('notification-badge')).toHaveCount(0)

    const res = await bruno.context.request.post('/api/follow', { data: { userId: alice.id } })
    expect(res.ok()).toBe(true)

    // Polling runs every 30 s only while realtime is down: this arrives well before.
    const badge = pageA.getByTestId('notification-badge')
    await expect(badge).toBeVisible({ timeout: 8_000 })
    await expect(badge).toHaveText('1')

    await bell(pageA).click()
    const panel = pageA.getByRole('region', { name: 'Notifications', exact: true })
    await expect(panel).toBeVisible()
    const item = panel.getByRole('button', { name: /Bruno Reader.*started following you/ })
    await expect(item).toBeVisible()
    await expect(pageA.getByTestId('notification-badge')).toBeHidden()
    const unread = (await (await alice.context.request.get('/api/notifications/unread-count')).json()) as unknown
    expect(unread).toEqual({ count: 0 })

    await item.click()
    await expect(pageA).toHaveURL((url) => url.search === '?tab=followers' && url.pathname === '/friends')
  })

  test('a new post of a followed member shows the new posts pill, which refreshes the feed', async ({ newMember, server }) => {
    const { alice, bruno } = await pair(newMember, server, true)
    const pageB = bruno.page
    await openWithRealtime(pageB, '/')
    const unreadBefore = (await (await bruno.context.request.get('/api/notifications/unread-count')).json()) as { count: number }
    const activityId = await post(alice)

    const pill = pageB.getByRole('button', { name: '1 new post' })
    await expect(pill).toBeVisible({ timeout: 8_000 })
    // B's bell counts the new_post notification too, without a reload.
    const badgeB = pageB.getByTestId('notification-badge')
    await expect(badgeB).toBeVisible({ timeout: 8_000 })
    await expect(badgeB).toHaveText(String(unreadBefore.count + 1))
    await pill.click()
    await expect(pill).toBeHidden()
    const feed = (await (await bruno.context.request.get('/api/feed?limit=20&page=1')).json()) as { id: string; userId: string }[]
    expect(feed.find((a) => a.userId === alice.id)?.id).toBe(activityId)
    await expect(pageB.locator(`#activity-${activityId}`)).toBeVisible()
  })

  test('comments, replies down to depth 3, adds an emoji and a GIF, and keeps the card count in step', async ({ newMember, server }) => {
    const { alice, bruno } = await pair(newMember, server, true)
    const activityId = await post(alice)
    const pageB = bruno.page
    await pageB.goto('/')
    const card = pageB.locator(`#activity-${activityId}`)
    await card.getByRole('button', { name: /^Comments, 0 comments/ }).click()
    const thread = card.getByRole('region', { name: 'Comments' })
    await expect(thread).toBeVisible()
    await expect(thread.getByText('No comments yet. Be the first to comment!')).toBeVisible()

    const postButton = thread.getByRole('button', { name: 'Post comment' })
    await expect(postButton).toBeDisabled()
    const box = thread.getByRole('textbox', { name: 'Write a comment' })
    await box.fill('   ')
    await expect(postButton).toBeDisabled()

    // Shift+Enter is a new line; Enter submits.
    await box.fill('Great pick!')
    await box.press('Shift+Enter')
    await box.pressSequentially('Agreed.')
    await expect(box).toHaveValue('Great pick!\nAgreed.')
    await box.press('Enter')
    await expect(pageB.getByText('Comment added successfully!')).toBeVisible()
    const first = thread.getByRole('article', { name: 'Comment by Bruno Reader' }).filter({ hasText: 'Great pick!' })
    await expect(first).toBeVisible()
    await expect(box).toHaveValue('')

    // Replies: depth 1, 2, 3; the reply banner clears after each post.
    let parent = first
    for (const depth of [1, 2, 3]) {
      await parent.getByRole('button', { name: 'Reply' }).click()
      const banner = thread.getByTestId('reply-target')
      await expect(banner).toBeVisible()
      const replyBox = thread.getByRole('textbox', { name: 'Write a reply' })
      await replyBox.fill(`Reply at depth ${depth}`)
      await replyBox.press('Enter')
      await expect(banner).toBeHidden()
      parent = thread.locator(`li[data-depth="${depth}"] > article`).filter({ hasText: `Reply at depth ${depth}` })
      await expect(parent).toBeVisible()
    }
    // No reply button at depth 3.
    await expect(parent.getByRole('button', { name: 'Reply' })).toHaveCount(0)

    // The reply target can be cleared with its x.
    await first.getByRole('button', { name: 'Reply' }).click()
    const cancel = thread.getByRole('button', { name: 'Cancel reply' })
    await expect(cancel).toBeVisible()
    await cancel.click()
    await expect(thread.getByTestId('reply-target')).toBeHidden()

    // An emoji from the quick reactions row, then the full picker is there too.
    await thread.getByRole('button', { name: 'Add an emoji' }).click()
    const picker = pageB.getByRole('dialog', { name: 'Emoji picker' })
    await expect(picker).toBeVisible()
    await expect(picker.locator('em-emoji-picker')).toBeVisible()
    await picker.getByRole('button', { name: 'Thumbs up' }).click()
    await expect(box).toHaveValue('👍')
    await pageB.keyboard.press('Escape')
    await expect(picker).toBeHidden()
    await box.press('End')
    await box.pressSequentially(' Loved it')
    await box.press('Enter')
    await expect(thread.getByRole('article').filter({ hasText: '👍 Loved it' })).toBeVisible()

    // A GIF from the local library: featured first, then a search, then pick it.
    await thread.getByRole('button', { name: 'Add a GIF' }).click()
    const gifs = pageB.getByRole('dialog', { name: 'Choose a GIF' })
    await expect(gifs).toBeVisible()
    await expect(gifs.getByText('GIFs by CineCircle library')).toBeVisible()
    const grid = gifs.getByRole('list', { name: 'GIFs' })
    await expect(grid.getByRole('button').first()).toBeVisible()
    await gifs.getByRole('searchbox', { name: 'Search GIFs' }).fill('popcorn')
    const popcorn = grid.getByRole('button', { name: 'Popcorn time' })
    await expect(popcorn).toBeVisible()
    await expect(grid.getByRole('button')).toHaveCount(1)
    await gifs.getByRole('searchbox', { name: 'Search GIFs' }).fill('no such gif anywhere')
    await expect(gifs.getByText('No GIFs found')).toBeVisible()
    await gifs.getByRole('searchbox', { name: 'Search GIFs' }).fill('popcorn')
    await popcorn.click()
    await expect(gifs).toBeHidden()
    await expect(thread.getByTestId('selected-gif')).toBeVisible()
    await expect(postButton).toBeEnabled()
    await postButton.click()
    await expect(thread.getByTestId('selected-gif')).toBeHidden()
    await expect(thread.getByRole('article').filter({ has: pageB.getByRole('img', { name: 'GIF' }) })).toBeVisible()

    // The card's count follows: 1 comment + 3 replies + emoji + GIF.
    await expect(card.getByRole('button', { name: /^Comments, 6 comments/ })).toBeVisible()
    const comments = (await (await bruno.context.request.get(`/api/activities/${activityId}/comments`)).json()) as {
      depth: number
      commentType: string
      content: string
    }[]
    expect(comments.map((c) => c.depth)).toEqual([0, 1, 2, 3, 0, 0])
    expect(comments.at(-1)?.commentType).toBe('gif')
    expect(comments.at(-2)).toMatchObject({ commentType: 'text', content: '👍 Loved it' })
  })

  test('likes a comment and deletes one, and the post owner sees the comments arrive in the bell', async ({ newMember, server }) => {
    const { alice, bruno } = await pair(newMember, server, true)
    const activityId = await post(alice)
    // Alice has read Bruno's follow, and her page is open with its event stream before anyone comments.
    expect((await alice.context.request.patch('/api/notifications/mark-all-read')).ok()).toBe(true)
    const pageA = alice.page
    await openWithRealtime(pageA, '/')
    await expect(pageA.getByTestId('notification-badge')).toHaveCount(0)
    for (const content of ['Great pick!', 'Agreed.', 'Me too.', 'Again?', '👍 Loved it', 'Popcorn time']) {
      const res = await bruno.context.request.post(`/api/activities/${activityId}/comments`, { data: { content } })
      expect(res.ok()).toBe(true)
    }

    const pageB = bruno.page
    await pageB.goto('/')
    const card = pageB.locator(`#activity-${activityId}`)
    await card.getByRole('button', { name: /^Comments, 6 comments/ }).click()
    const thread = card.getByRole('region', { name: 'Comments' })
    const emojiComment = thread.getByRole('article').filter({ hasText: '👍 Loved it' })
    await emojiComment.getByRole('button', { name: 'Like comment' }).click()
    await expect(emojiComment.getByRole('button', { name: 'Unlike comment' })).toBeVisible()
    await expect(emojiComment.getByTestId('comment-like-count')).toHaveText('1')

    await emojiComment.getByRole('button', { name: 'Delete comment' }).click()
    await emojiComment.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(emojiComment).toBeHidden()
    await expect(card.getByRole('button', { name: /^Comments, 5 comments/ })).toBeVisible()

    // Alice's bell (her page has stayed open all along) shows the comments.
    const badge = pageA.getByTestId('notification-badge')
    await expect(badge).toBeVisible({ timeout: 8_000 })
    expect(Number(await badge.textContent())).toBeGreaterThan(0)
  })

  test.describe('push', () => {
    test.use({ serviceWorkers: 'allow' }) // the config blocks service workers; this test needs ours
    // @browser: the headless shell has no push messaging service to show the notification.
    test('offers Enable Notifications in the avatar menu, and a push reaches the service worker and shows', { tag: '@browser' }, async ({ newMember, server }) => {
      const { alice } = await pair(newMember, server, false)
      const activityId = await post(alice)
      const pageA = alice.page
      await pageA.goto('/')
      await pageA.getByRole('button', { name: /^Account menu/ }).click()
      await expect(pageA.getByRole('menuitem', { name: 'Enable Notifications' })).toBeVisible()
      await pageA.keyboard.press('Escape')

      // The production build registers /sw.js at the root.
      const scope = await pageA.evaluate(async () => (await navigator.serviceWorker.ready).scope)
      expect(scope).toBe(`${server.baseURL}/`)
      const manifest = await pageA.evaluate(async () => (await fetch('/manifest.webmanifest')).json() as Promise<{ name: string }>)
      expect(manifest.name).toBe('CineCircle')

      const cdp = await alice.context.newCDPSession(pageA)
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const found = registrations.find((r) => r.scopeURL === `${server.baseURL}/` && !r.isDeleted)
          if (found) resolve(found.registrationId)
        })
      })
      await cdp.send('ServiceWorker.enable')
      const payload = { title: 'CineCircle', body: 'Bruno Reader commented on your post', url: `/#activity-${activityId}`, tag: 'e2e-push', type: 'comment', entityType: 'activity', entityId: activityId }
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.baseURL, registrationId: await registrationId, data: JSON.stringify(payload) })

      await expect
        .poll(() =>
          pageA.evaluate(async () => {
            const reg = await navigator.serviceWorker.ready
            const list = await reg.getNotifications({ tag: 'e2e-push' })
            return list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url }))[0] ?? null
          }),
        )
        .toEqual({ title: 'CineCircle', body: 'Bruno Reader commented on your post', url: `/#activity-${activityId}` })
      await cdp.detach()
    })
  })
})
