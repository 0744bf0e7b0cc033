// Social end to end: following from Discover, the home feed with a friend's post, likes,
// the owner's Edit Post and Delete Post (keyboard menu, confirmation), the server refusing
// another member's delete, the invite link carried through sign-up, and the Invite a
// Friend menu item, against the real binary. Each test signs up its own members and
// writes its own post through the API.
import type { BrowserContext, Page } from '@playwright/test'
import { expect, test, type SignedInMember } from './fixtures'
import { signUpViaUi } from './harness'

const card = (page: Page, id: string) => page.locator(`#activity-${id}`)

const PHONE = { width: 390, height: 844 }

/** follow: the member on context follows userId. */
async function follow(context: BrowserContext, userId: string) {
  expect((await context.request.post('/api/follow', { data: { userId } })).ok()).toBe(true)
}

/** reviewMatrix logs The Matrix with a review for author and returns the post's id, as the feed lists it. */
async function reviewMatrix(author: SignedInMember): Promise<string> {
  const search = (await (await author.context.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number; title: string }[] }
  const matrix = search.results.find((m) => m.title === 'The Matrix')
  expect(matrix).toBeTruthy()
  const logged = await author.context.request.post('/api/user/movies', {
    data: { movieId: matrix!.id, status: 'watched', rating: 8.4, review: 'Red pill, every time.' },
  })
  expect(logged.ok()).toBe(true)
  const feed = (await (await author.context.request.get('/api/feed?limit=20&page=1')).json()) as { id: string; userId: string }[]
  const activityId = feed.find((a) => a.userId === author.id)?.id ?? ''
  expect(activityId).not.toBe('')
  return activityId
}

test.describe('social', () => {
  test('follows a member from the Discover tab', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Author' })
    const ben = await newMember({ firstName: 'Ben', lastName: 'Reader' }, { viewport: PHONE })
    await ben.page.goto('/friends')
    const follow = ben.page.getByRole('button', { name: 'Follow Ava Author' })
    await expect(follow).toBeVisible()
    await expect(follow).toHaveAttribute('aria-pressed', 'false')
    await follow.click()
    await expect(ben.page.getByText('Now following user!')).toBeVisible()
    const following = ben.page.getByRole('button', { name: 'Following Ava Author' })
    await expect(following).toBeVisible()
    await expect(following).toHaveAttribute('aria-pressed', 'true')
    const list = (await (await ben.context.request.get('/api/user/following')).json()) as { id: string }[]
    expect(list.map((u) => u.id)).toEqual([ava.id])
  })

  test("shows the followed member's new post in the home feed, and likes and unlikes it", async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Poster' })
    const ben = await newMember({ firstName: 'Ben', lastName: 'Reader' }, { viewport: PHONE })
    await follow(ben.context, ava.id)
    const activityId = await reviewMatrix(ava)

    await ben.page.goto('/')
    const post = card(ben.page, activityId)
    await expect(post).toBeVisible()
    await expect(post.getByRole('link', { name: 'Ava Poster' })).toBeVisible()
    await expect(post.getByRole('link', { name: 'The Matrix' })).toBeVisible()
    await expect(post.getByText('8.4/10.0')).toBeVisible()
    await expect(post.getByText('Red pill, every time.')).toBeVisible()
    // Not the owner: the post menu offers Report and Block, never Edit or Delete.
    await post.getByRole('button', { name: 'Post options' }).click()
    await expect(ben.page.getByRole('menuitem', { name: 'Report Post' })).toBeVisible()
    await expect(ben.page.getByRole('menuitem', { name: 'Block Ava Poster' })).toBeVisible()
    await expect(ben.page.getByRole('menuitem', { name: /Edit Post|Delete Post/ })).toHaveCount(0)
    await ben.page.keyboard.press('Escape')

    const like = post.getByRole('button', { name: /^Like,/ })
    await expect(like).toHaveAttribute('aria-pressed', 'false')
    await like.click()
    await expect(post.locator('[aria-pressed="true"]')).not.toHaveCount(0)
    await expect(post.getByTestId('like-count')).toHaveText('1')
    await expect
      .poll(async () => (await (await ben.context.request.get(`/api/activities/${activityId}`)).json()) as { isLiked: boolean; likeCount: number })
      .toMatchObject({ isLiked: true, likeCount: 1 })

    await like.click()
    await expect(post.locator('button[aria-pressed="false"]')).not.toHaveCount(0)
    await expect(post.getByTestId('like-count')).toHaveText('0')
    await expect.poll(async () => ((await (await ben.context.request.get(`/api/activities/${activityId}`)).json()) as { likeCount: number }).likeCount).toBe(0)
  })

  test('scrolls to and focuses the post an #activity link points at', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Poster' })
    const ben = await newMember({ firstName: 'Ben', lastName: 'Reader' }, { viewport: PHONE })
    await follow(ben.context, ava.id)
    const activityId = await reviewMatrix(ava)
    await ben.page.goto(`/#activity-${activityId}`)
    await expect(card(ben.page, activityId)).toBeVisible()
    await expect(card(ben.page, activityId)).toBeFocused()
  })

  test("refuses another member's delete", async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Poster' })
    const ben = await newMember({ firstName: 'Ben', lastName: 'Reader' })
    await follow(ben.context, ava.id)
    const activityId = await reviewMatrix(ava)
    const res = await ben.context.request.delete(`/api/activities/${activityId}`)
    expect(res.status()).toBe(403)
  })

  test('lets the owner edit the review through Edit Post', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Poster' })
    const activityId = await reviewMatrix(ava)
    const pageA = ava.page
    await pageA.goto('/')
    const post = card(pageA, activityId)
    await expect(post).toBeVisible()
    await post.getByRole('button', { name: 'Post options' }).click()
    await pageA.getByRole('menuitem', { name: 'Edit Post' }).click()
    const dialog = pageA.getByRole('dialog', { name: 'Edit Review' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('textbox', { name: /^Review/ }).fill('Even better the second time.')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expect(dialog).toBeHidden()
    await expect(post.getByText('Even better the second time.')).toBeVisible()
    const saved = (await (await ava.context.request.get(`/api/activities/${activityId}`)).json()) as { data: { review: string } }
    expect(saved.data.review).toBe('Even better the second time.')
  })

  test('deletes the post with the keyboard after confirming', async ({ newMember }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Poster' })
    const activityId = await reviewMatrix(ava)
    const pageA = ava.page
    await pageA.goto('/')
    const post = card(pageA, activityId)
    const options = post.getByRole('button', { name: 'Post options' })
    await expect(options).toBeVisible()
    await options.focus()
    await pageA.keyboard.press('ArrowDown')
    await expect(pageA.getByRole('menuitem', { name: 'Edit Post' })).toBeFocused()
    await pageA.keyboard.press('ArrowDown')
    await expect(pageA.getByRole('menuitem', { name: 'Delete Post' })).toBeFocused()
    await pageA.keyboard.press('Enter')
    const confirm = pageA.getByRole('dialog', { name: 'Delete Post' })
    await expect(confirm).toBeVisible()
    await expect(confirm.getByText('Are you sure you want to delete this post? This action cannot be undone.')).toBeVisible()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(post).toBeHidden()
    await expect.poll(async () => (await ava.context.request.get(`/api/activities/${activityId}`)).status()).toBe(404)
    await pageA.reload()
    await expect(pageA.getByRole('heading', { name: 'Your Feed' })).toBeVisible()
    await expect(pageA.getByText('Your feed is empty. Start following friends or add some movies to get started!')).toBeVisible()
    await expect(card(pageA, activityId)).toHaveCount(0)
  })

  test('copies the invite link from the avatar menu', async ({ newMember, server }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Poster' })
    const pageA = ava.page
    await ava.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL })
    await pageA.goto('/')
    await pageA.getByRole('button', { name: /^Account menu for/ }).click()
    await pageA.getByRole('menuitem', { name: 'Invite a Friend' }).click()
    await expect(pageA.getByRole('menuitem', { name: 'Copied!' })).toBeVisible()
    expect(await pageA.evaluate(() => navigator.clipboard.readText())).toBe(`${server.baseURL}/?ref=${ava.id}`)
    await expect(pageA.getByRole('menuitem', { name: 'Invite a Friend' })).toBeVisible({ timeout: 5000 })
  })

  test('signs up a newcomer from the invite link already following the inviter', async ({ newMember, page, context }) => {
    const ava = await newMember({ firstName: 'Ava', lastName: 'Poster' })
    await page.goto(`/?ref=${ava.id}`)
    const start = page.getByRole('link', { name: 'Start Your Movie Journey' })
    await expect(start).toBeVisible()
    await start.click()
    await expect(page).toHaveURL((url) => url.pathname === '/login')
    await signUpViaUi(page, { firstName: 'Cleo', lastName: 'Newcomer' })
    await expect(page).toHaveURL((url) => url.pathname === '/')
    const following = (await (await context.request.get('/api/user/following')).json()) as { id: string }[]
    expect(following.map((u) => u.id)).toContain(ava.id)
    const followers = (await (await ava.context.request.get('/api/user/followers')).json()) as { firstName: string; isFollowing: boolean }[]
    expect(followers.find((u) => u.firstName === 'Cleo')).toMatchObject({ isFollowing: true })
  })
})
