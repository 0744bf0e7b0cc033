// Moderation end to end: a member reports a comment from its thread, a superuser finds the
// report and hides the comment through the records API (as the dashboard does), and the
// thread no longer shows it to anyone but its author, who sees a notice. Then blocking
// from a profile and unblocking from Blocked Members.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, signUpViaApi, startServer, superuserToken, visible, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
let author: BrowserContext // Alice: the post
let commenter: BrowserContext // Bruno: the rude comment
let reader: BrowserContext // Carol: reports it
let page: Page
const ids = { alice: '', bruno: '', activity: '', comment: '' }
let moderatorToken = ''

const RUDE = 'This is a rude remark'

async function me(ctx: BrowserContext): Promise<string> {
  return ((await (await ctx.request.get('/api/auth/user')).json()) as { id: string }).id
}

/** moderator calls the records API with the superuser's token, as the dashboard does. */
async function moderator(method: 'GET' | 'PATCH', path: string, data?: unknown): Promise<unknown> {
  const res = await fetch(server.baseURL + path, {
    method,
    headers: { Authorization: moderatorToken, 'Content-Type': 'application/json' },
    body: data ? JSON.stringify(data) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

beforeAll(async () => {
  server = await startServer()
  moderatorToken = await superuserToken(server)
  expect(moderatorToken).toBeTruthy()

  browser = await launchBrowser()
  author = await newContext(browser, server.baseURL)
  commenter = await newContext(browser, server.baseURL)
  reader = await newContext(browser, server.baseURL)
  await signUpViaApi(author, { firstName: 'Alice', lastName: 'Author' })
  await signUpViaApi(commenter, { firstName: 'Bruno', lastName: 'Blunt' })
  await signUpViaApi(reader, { firstName: 'Carol', lastName: 'Reader' })
  ids.alice = await me(author)
  ids.bruno = await me(commenter)

  const search = (await (await author.request.get('/api/movies/search?query=matrix')).json()) as { results: { id: number }[] }
  const logged = await author.request.post('/api/user/movies', { data: { movieId: search.results[0]?.id, status: 'watched', rating: 8 } })
  expect(logged.ok()).toBe(true)
  for (const ctx of [commenter, reader]) expect((await ctx.request.post('/api/follow', { data: { userId: ids.alice } })).ok()).toBe(true)
  const feed = (await (await reader.request.get('/api/feed')).json()) as { id: string; userId: string }[]
  ids.activity = feed.find((a) => a.userId === ids.alice)?.id ?? ''
  const comment = await commenter.request.post(`/api/activities/${ids.activity}/comments`, { data: { content: RUDE } })
  expect(comment.ok()).toBe(true)
  ids.comment = ((await comment.json()) as { id: string }).id
  page = await reader.newPage()
})

afterAll(async () => {
  for (const ctx of [author, commenter, reader]) await ctx?.close()
  await browser?.close()
  await server?.stop()
})

/** openThread opens the comments of the post on the home feed. */
async function openThread(p: Page) {
  await p.goto('/')
  const card = await visible(p.locator(`#activity-${ids.activity}`))
  await card.getByRole('button', { name: /^Comments, / }).click()
  return visible(card.getByRole('region', { name: 'Comments' }))
}

describe('moderation', () => {
  it('a member reports a comment from its thread', async () => {
    const thread = await openThread(page)
    const comment = await visible(thread.getByRole('article', { name: 'Comment by Bruno Blunt' }))
    await comment.getByRole('button', { name: 'Report comment' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Report Comment' }))
    await dialog.getByRole('button', { name: 'Send Report' }).click()
    await visible(dialog.getByText('Tell the moderators what is wrong.', { exact: true }))
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Insulting other members')
    await dialog.getByRole('button', { name: 'Send Report' }).click()
    await visible(page.getByText('Thank you. A moderator will take a look.'))
    await hidden(dialog)
  })

  it('the moderator finds the report with its target and hides the comment', async () => {
    const reports = (await moderator('GET', '/api/collections/reports/records?filter=' + encodeURIComponent(`entityId="${ids.comment}"`))) as {
      items: { entityType: string; target: string; reason: string; status: string; targetUser: string }[]
    }
    expect(reports.items).toHaveLength(1)
    expect(reports.items[0]).toMatchObject({ entityType: 'comment', reason: 'Insulting other members', status: 'open', targetUser: ids.bruno })
    expect(reports.items[0]?.target).toContain(RUDE)
    await moderator('PATCH', `/api/collections/comments/records/${ids.comment}`, { hidden: true })
  })

  it('the thread no longer shows it, and the card counts what remains', async () => {
    const thread = await openThread(page)
    await visible(thread.getByText('No comments yet. Be the first to comment!'))
    expect(await thread.getByText(RUDE).count()).toBe(0)
    const card = page.locator(`#activity-${ids.activity}`)
    await visible(card.getByRole('button', { name: /^Comments, 0 comments/ }))
  })

  it('its author still sees it, with a notice', async () => {
    const own = await commenter.newPage()
    const thread = await openThread(own)
    const comment = await visible(thread.getByRole('article', { name: 'Comment by Bruno Blunt' }))
    await visible(comment.getByText('A moderator hid this comment. Only you can see it.'))
    await own.close()
  })

  it('a member blocks someone from their profile and unblocks them from Blocked Members', async () => {
    await page.goto(`/profile/${ids.bruno}`)
    await page.getByRole('button', { name: 'Member options' }).click()
    await page.getByRole('menuitem', { name: 'Block Member' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Block Bruno Blunt?' }))
    await dialog.getByRole('button', { name: 'Block', exact: true }).click()
    await visible(page.getByText('Member blocked'))
    expect((await commenter.request.get(`/api/users/${ids.alice}/profile`)).ok()).toBe(true)
    expect((await commenter.request.post('/api/follow', { data: { userId: await me(reader) } })).status()).toBe(403)

    await page.goto('/settings/blocked')
    const list = await visible(page.getByRole('list', { name: 'Blocked members' }))
    await list.getByRole('button', { name: 'Unblock Bruno Blunt' }).click()
    await visible(page.getByText("You haven't blocked anyone"))
    expect((await commenter.request.post('/api/follow', { data: { userId: await me(reader) } })).ok()).toBe(true)
  })
})
