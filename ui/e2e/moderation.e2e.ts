// Moderation end to end: a member reports a comment from its thread, a superuser finds the
// report and hides the comment through the records API (as the dashboard does), and the
// thread no longer shows it to anyone but its author, who sees a notice. Then blocking
// from a profile and unblocking from Blocked Members. Each test signs up its own three
// members, with Alice's post and Bruno's rude comment made through the API.
import type { BrowserContext, Page } from '@playwright/test'
import { expect, test, type SignedInMember } from './fixtures'
import { superuserToken, type RunningServer } from './harness'

const RUDE = 'This is a rude remark'

interface World {
  author: SignedInMember // Alice: the post
  commenter: SignedInMember // Bruno: the rude comment
  reader: SignedInMember // Carol: reports it
  activity: string
  comment: string
}

/** world: Alice posts, Bruno and Carol follow her, Bruno comments rudely on her post. */
async function world(newMember: (fields: { firstName: string; lastName: string }) => Promise<SignedInMember>): Promise<World> {
  const author = await newMember({ firstName: 'Alice', lastName: 'Author' })
  const commenter = await newMember({ firstName: 'Bruno', lastName: 'Blunt' })
  const reader = await newMember({ firstName: 'Carol', lastName: 'Reader' })
  const search = (await (await author.context.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number }[] }
  const logged = await author.context.request.post('/api/user/movies', { data: { movieId: search.results[0]?.id, status: 'watched', rating: 8 } })
  expect(logged.ok()).toBe(true)
  for (const m of [commenter, reader]) expect((await m.context.request.post('/api/follow', { data: { userId: author.id } })).ok()).toBe(true)
  const activity = ((await logged.json()) as { activityId: string }).activityId
  const comment = await commenter.context.request.post(`/api/activities/${activity}/comments`, { data: { content: RUDE } })
  expect(comment.ok()).toBe(true)
  return { author, commenter, reader, activity, comment: ((await comment.json()) as { id: string }).id }
}

/** moderator calls the records API with a superuser's token, as the dashboard does. */
async function moderator(server: RunningServer, method: 'GET' | 'PATCH', path: string, data?: unknown): Promise<unknown> {
  const token = await superuserToken(server)
  expect(token).toBeTruthy()
  const res = await fetch(server.baseURL + path, {
    method,
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: data ? JSON.stringify(data) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

const hide = (server: RunningServer, comment: string) => moderator(server, 'PATCH', `/api/collections/comments/records/${comment}`, { hidden: true })

async function report(reader: BrowserContext, comment: string) {
  const res = await reader.request.post('/api/reports', { data: { entityType: 'comment', entityId: comment, reason: 'Insulting other members' } })
  expect(res.ok()).toBe(true)
}

/** openThread opens the comments of the post on the home feed. */
async function openThread(p: Page, activity: string) {
  await p.goto('/')
  const card = p.locator(`#activity-${activity}`)
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: /^Comments, / }).click()
  const thread = card.getByRole('region', { name: 'Comments' })
  await expect(thread).toBeVisible()
  return thread
}

test.describe('moderation', () => {
  test('a member reports a comment from its thread', async ({ newMember }) => {
    const w = await world(newMember)
    const page = w.reader.page
    const thread = await openThread(page, w.activity)
    const comment = thread.getByRole('article', { name: 'Comment by Bruno Blunt' })
    await expect(comment).toBeVisible()
    await comment.getByRole('button', { name: 'Report comment' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report Comment' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Send Report' }).click()
    await expect(dialog.getByText('Tell the moderators what is wrong.', { exact: true })).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Insulting other members')
    await dialog.getByRole('button', { name: 'Send Report' }).click()
    await expect(page.getByText('Thank you. A moderator will take a look.')).toBeVisible()
    await expect(dialog).toBeHidden()
  })

  test('the moderator finds the report with its target and hides the comment', async ({ newMember, server }) => {
    const w = await world(newMember)
    await report(w.reader.context, w.comment)
    const reports = (await moderator(server, 'GET', '/api/collections/reports/records?filter=' + encodeURIComponent(`entityId="${w.comment}"`))) as {
      items: { entityType: string; target: string; reason: string; status: string; targetUser: string }[]
    }
    expect(reports.items).toHaveLength(1)
    expect(reports.items[0]).toMatchObject({ entityType: 'comment', reason: 'Insulting other members', status: 'open', targetUser: w.commenter.id })
    expect(reports.items[0]?.target).toContain(RUDE)
    await hide(server, w.comment)
  })

  test('the thread no longer shows it, and the card counts what remains', async ({ newMember, server }) => {
    const w = await world(newMember)
    await hide(server, w.comment)
    const page = w.reader.page
    const thread = await openThread(page, w.activity)
    await expect(thread.getByText('No comments yet. Be the first to comment!')).toBeVisible()
    await expect(thread.getByText(RUDE)).toHaveCount(0)
    const card = page.locator(`#activity-${w.activity}`)
    await expect(card.getByRole('button', { name: /^Comments, 0 comments/ })).toBeVisible()
  })

  test('its author still sees it, with a notice', async ({ newMember, server }) => {
    const w = await world(newMember)
    await hide(server, w.comment)
    const thread = await openThread(w.commenter.page, w.activity)
    const comment = thread.getByRole('article', { name: 'Comment by Bruno Blunt' })
    await expect(comment).toBeVisible()
    await expect(comment.getByText('A moderator hid this comment. Only you can see it.')).toBeVisible()
  })

  test('a member blocks someone from their profile and unblocks them from Blocked Members', async ({ newMember }) => {
    const w = await world(newMember)
    const page = w.reader.page
    await page.goto(`/profile/${w.commenter.id}`)
    await page.getByRole('button', { name: 'Member options' }).click()
    await page.getByRole('menuitem', { name: 'Block Member' }).click()
    const dialog = page.getByRole('dialog', { name: 'Block Bruno Blunt?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Block', exact: true }).click()
    await expect(page.getByText('Member blocked')).toBeVisible()
    expect((await w.commenter.context.request.get(`/api/users/${w.author.id}/profile`)).ok()).toBe(true)
    expect((await w.commenter.context.request.post('/api/follow', { data: { userId: w.reader.id } })).status()).toBe(403)

    await page.goto('/settings/blocked')
    const list = page.getByRole('list', { name: 'Blocked members' })
    await expect(list).toBeVisible()
    await list.getByRole('button', { name: 'Unblock Bruno Blunt' }).click()
    await expect(page.getByText("You haven't blocked anyone")).toBeVisible() // at once: the list empties optimistically
    await expect(page.getByText('Member unblocked')).toBeVisible() // and the server has answered
    expect((await w.commenter.context.request.post('/api/follow', { data: { userId: w.reader.id } })).ok()).toBe(true)
  })
})
