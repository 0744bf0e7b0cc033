// Lists end to end (issue #20): Ava makes a ranked list from a title page, adds three
// titles, drags the third to the top, invites Bea (whom she follows) who adds a fourth;
// Cy, who follows Ava, sees the list in the feed and on Ava's Lists tab; favourites show
// at the top of a profile. Against the real binary and Chromium.
import type { BrowserContext } from '@playwright/test'
import { expect, test, type SignedInMember } from './fixtures'

async function follow(context: BrowserContext, userId: string) {
  const res = await context.request.post('/api/follow', { data: { userId } })
  expect(res.ok()).toBe(true)
}

async function movieId(context: BrowserContext, query: string, title: string): Promise<number> {
  const search = (await (await context.request.get(`/api/movies/search?query=${encodeURIComponent(query)}`)).json()) as { results: { id: number; title: string }[] }
  const id = search.results.find((m) => m.title === title)?.id ?? 0
  expect(id, title).toBeGreaterThan(0)
  return id
}

test('a ranked, collaborative list: made from a title page, reordered by dragging, shared with followers', async ({ newMember }) => {
  const ava = await newMember({ firstName: 'Ava', lastName: 'Lister' })
  const bea = await newMember({ firstName: 'Bea', lastName: 'Editor' })
  const cy = await newMember({ firstName: 'Cy', lastName: 'Follower' })
  await follow(ava.context, bea.id)
  await follow(cy.context, ava.id)
  const titles = [
    ['nosferatu', 'Nosferatu'],
    ['kid', 'The Kid'],
    ['gold rush', 'The Gold Rush'],
    ['moon', 'Moon'],
  ] as const
  const ids = await Promise.all(titles.map(([q, t]) => movieId(ava.context, q, t)))
  const page = ava.page

  // from the first title's page: Add to list → New list… (ranked)
  await page.goto(`/movie/${ids[0]}`)
  await page.getByRole('button', { name: 'Add to list' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add to list' })
  await dialog.getByRole('button', { name: 'New list…' }).click()
  await dialog.getByLabel('List name').fill('Silent greats')
  await dialog.getByLabel('Ranked (numbered, in your order)').check()
  await dialog.getByRole('button', { name: 'Create and add' }).click()
  await expect(page.getByText('Nosferatu is in Silent greats.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  // two more titles from their pages, into the same list
  for (const i of [1, 2]) {
    await page.goto(`/movie/${ids[i]}`)
    await page.getByRole('button', { name: 'Add to list' }).click()
    await page.getByRole('dialog', { name: 'Add to list' }).getByRole('button', { name: /Silent greats/ }).click()
    await expect(page.getByText(`${titles[i]?.[1]} is in Silent greats.`)).toBeVisible()
  }
  await page.goto('/lists')
  await page.getByRole('link', { name: /Silent greats/ }).click()
  const rows = page.getByTestId('list-item')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(2)).toContainText('The Gold Rush')

  // drag the third to the top by its handle
  const handle = rows.nth(2).getByRole('button', { name: /^Reorder The Gold Rush/ })
  const from = await handle.boundingBox()
  const top = await rows.nth(0).boundingBox()
  if (!from || !top) throw new Error('no layout')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2, top.y + 4, { steps: 8 })
  await page.mouse.up()
  await expect(rows.nth(0)).toContainText('The Gold Rush')
  await expect(rows.nth(0).getByLabel('Rank 1')).toBeVisible()
  // it holds after a reload: the server has the new order
  await page.reload()
  await expect(rows.nth(0)).toContainText('The Gold Rush')
  await expect(rows.nth(1)).toContainText('Nosferatu')

  // keyboard: the second moves down one with the arrow key
  await rows.nth(1).getByRole('button', { name: /^Reorder Nosferatu/ }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(rows.nth(2)).toContainText('Nosferatu')
  await expect(page.getByText('Nosferatu moved to position 3 of 3')).toBeAttached()

  // invite Bea; she adds the fourth title from its page
  await page.getByRole('button', { name: 'Editors' }).click()
  await page.getByRole('button', { name: 'Invite Bea Editor' }).click()
  await expect(page.getByRole('dialog', { name: 'Editors' }).getByRole('button', { name: 'Remove' })).toBeVisible()
  await page.keyboard.press('Escape')
  await bea.page.goto(`/movie/${ids[3]}`)
  await bea.page.getByRole('button', { name: 'Add to list' }).click()
  await bea.page.getByRole('dialog', { name: 'Add to list' }).getByRole('button', { name: /Silent greats/ }).click()
  await expect(bea.page.getByText('Moon is in Silent greats.')).toBeVisible()
  await page.reload()
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(3)).toContainText('added by Bea Editor')

  // Cy follows Ava: the list is in his feed and on her Lists tab
  await cy.page.goto('/')
  await expect(cy.page.getByText('Silent greats').first()).toBeVisible()
  await cy.page.goto(`/profile/${ava.id}?tab=lists`)
  await expect(cy.page.getByRole('link', { name: /Silent greats/ })).toBeVisible()
  await cy.page.goto(`/movie/${ids[0]}`)
  await expect(cy.page.getByTestId('friends-lists')).toContainText('In 1 list by friends')
  await cy.page.getByRole('button', { name: 'In 1 list by friends' }).click()
  await expect(cy.page.getByTestId('friends-lists').getByRole('link', { name: 'Silent greats' })).toBeVisible()
})

/** listOf: a list of owner's, made through the API as the list page does, holding titles in order. */
async function listOf(owner: SignedInMember, name: string, titles: number[]): Promise<string> {
  const made = await owner.context.request.post('/api/lists', { data: { name, ranked: true, visibility: 'public' } })
  expect(made.status()).toBe(201)
  const { id } = (await made.json()) as { id: string }
  for (const movieId of titles) {
    expect((await owner.context.request.post(`/api/lists/${id}/items`, { data: { movieId } })).status()).toBe(201)
  }
  return id
}

test('a friend likes a list and comments with an emoji; the owner is told; the list shares as a poster mosaic', async ({ newMember }) => {
  const ava = await newMember({ firstName: 'Ava', lastName: 'Curator' })
  const bea = await newMember({ firstName: 'Bea', lastName: 'Friend' })
  await follow(bea.context, ava.id)
  const ids = await Promise.all([movieId(ava.context, 'nosferatu', 'Nosferatu'), movieId(ava.context, 'kid', 'The Kid'), movieId(ava.context, 'gold rush', 'The Gold Rush')])
  const listId = await listOf(ava, 'Silent greats', ids)
  expect((await ava.context.request.patch('/api/notifications/mark-all-read')).ok()).toBe(true)

  // Bea likes the list and comments on it with an emoji from the picker
  const page = bea.page
  await page.goto(`/list/${listId}`)
  const thread = page.getByRole('region', { name: 'Likes and comments' })
  await thread.getByRole('button', { name: 'Like, 0 likes' }).click()
  await expect(thread.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'true')
  await thread.getByRole('button', { name: 'Comments, 0 comments' }).click()
  const box = thread.getByRole('textbox', { name: 'Write a comment' })
  await thread.getByRole('button', { name: 'Add an emoji' }).click()
  const picker = page.getByRole('dialog', { name: 'Emoji picker' })
  await picker.getByRole('button', { name: 'Thumbs up' }).click()
  await expect(box).toHaveValue('👍')
  await page.keyboard.press('Escape')
  await expect(picker).toBeHidden()
  await box.press('End')
  await box.pressSequentially(' What an order')
  await box.press('Enter')
  await expect(thread.getByRole('article', { name: 'Comment by Bea Friend' })).toContainText('👍 What an order')
  await expect(thread.getByRole('button', { name: 'Comments, 1 comment' })).toBeVisible()
  // both hold after a reload: the server has them on the list's thread
  await page.reload()
  await expect(thread.getByRole('button', { name: 'Like, 1 like' })).toBeVisible()
  await expect(thread.getByRole('button', { name: 'Comments, 1 comment' })).toBeVisible()

  // Ava's bell has both, named for her list
  await ava.page.goto('/')
  await ava.page.getByRole('button', { name: /^Notifications/ }).click()
  const panel = ava.page.getByRole('region', { name: 'Notifications', exact: true })
  await expect(panel.getByRole('button', { name: /Bea Friend.*liked your list/ })).toBeVisible()
  await expect(panel.getByRole('button', { name: /Bea Friend.*commented on your list/ })).toBeVisible()

  // the Share menu shares the list: its link, and an image of its first posters in order
  await ava.page.goto(`/list/${listId}`)
  const share = ava.page.getByRole('region', { name: 'Likes and comments' }).getByRole('button', { name: 'Share' })
  await share.click()
  await ava.page.getByRole('menuitem', { name: 'Share as image' }).click()
  const dialog = ava.page.getByRole('dialog', { name: 'Share as Image' })
  const card = dialog.getByTestId('list-share-card').first()
  await expect(card).toContainText('Silent greats')
  await expect(card).toContainText('Ranked list')
  await expect(card).toContainText('3 titles')
  await expect(card).toContainText('Ava Curator')
  const mosaic = card.getByTestId('list-share-mosaic')
  await expect(mosaic.locator(':scope > div.relative')).toHaveCount(3)
  await expect(mosaic.locator(':scope > div.relative').nth(0)).toContainText('1')
  const download = ava.page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download Image' }).click()
  expect((await download).suggestedFilename()).toBe('silent-greats-list.png')
})

test('favourites show as posters at the top of the profile', async ({ newMember }) => {
  const ava = await newMember({ firstName: 'Fae', lastName: 'Vourite' })
  const viewer = await newMember({ firstName: 'Vic', lastName: 'Viewer' })
  const ids = await Promise.all([movieId(ava.context, 'nosferatu', 'Nosferatu'), movieId(ava.context, 'moon', 'Moon')])
  const res = await ava.context.request.put('/api/user/favorites', { data: { movieIds: [ids[1], ids[0]] } })
  expect(res.ok()).toBe(true)
  await viewer.page.goto(`/profile/${ava.id}`)
  const favs = viewer.page.getByTestId('favorites').getByRole('link')
  await expect(favs).toHaveCount(2)
  await expect(favs.nth(0)).toHaveAttribute('href', `/movie/${ids[1]}`)
})
