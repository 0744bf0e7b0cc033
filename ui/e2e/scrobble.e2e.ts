// Scrobbling end to end (issue 22): the member copies their webhook address from
// /settings/scrobbling, a Jellyfin film payload (JSON) and a Plex episode payload
// (multipart, "payload" part) are posted to it exactly as the servers send them (the Go
// tests' fixtures), and the diary and Up Next show the plays; a rotated address is dead.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from './fixtures'
import { signUpViaApi } from './harness'

const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../../hooks/scrobble/testdata/${name}`, import.meta.url)), 'utf8')

test.beforeEach(async ({ context }) => {
  await signUpViaApi(context, { firstName: 'Sam', lastName: 'Scrobbler' })
})

test.describe('log by watching', () => {
  test('a Jellyfin film and a Plex episode posted to the copied address reach the diary and Up Next', async ({ page, context, playwright, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/settings/import')
    await page.getByRole('link', { name: 'Set up scrobbling' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Log by watching' })).toBeVisible()
    const address = page.getByRole('textbox', { name: 'Your webhook address' })
    await expect(address).toHaveValue(/•/) // hidden until asked
    await page.getByRole('button', { name: 'Copy address' }).click()
    await expect(page.getByText('Paste it into your media server as its webhook URL.')).toBeVisible()
    const url = await page.evaluate(() => navigator.clipboard.readText())
    expect(url).toMatch(/\/api\/scrobble\/[A-Za-z0-9_-]{43}$/)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(address).toHaveValue(url)
    await page.getByRole('button', { name: 'Jellyfin' }).or(page.getByText('Jellyfin', { exact: true })).first().click()
    await expect(page.getByText(url).first()).toBeVisible()

    // Nothing yet: no show in progress, no film in the diary.
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Continue Watching' })).toBeHidden()

    // The media servers post, without a session (a fresh request context).
    const server = await playwright.request.newContext({ baseURL })
    const film = await server.post(url, { headers: { 'Content-Type': 'application/json' }, data: fixture('jellyfin_movie_stop.json') })
    expect(film.status()).toBe(202)
    const episode = await server.post(url, { multipart: { payload: fixture('plex_episode_scrobble.json') } })
    expect(episode.status()).toBe(202)
    // Plex's media.stop for the same episode counts once.
    const again = await server.post(url, { multipart: { payload: fixture('plex_episode_stop.json') } })
    expect(await again.json()).toEqual({ outcome: 'duplicate' })

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Continue Watching' })).toBeVisible()
    await expect(page.getByLabel(/^Breaking Bad: 1 of \d+ episodes watched$/).first()).toBeVisible()
    await page.goto('/profile')
    await expect(page.getByRole('article').filter({ hasText: 'The Matrix' }).first()).toBeVisible()

    // A new address: the old one is a 404 at once.
    await page.goto('/settings/scrobbling')
    await page.getByRole('button', { name: 'New address…' }).click()
    await page.getByRole('button', { name: 'Get a new address' }).click()
    await expect(page.getByText('Enter it in your media server: the old one no longer works.')).toBeVisible()
    await expect(address).not.toHaveValue(url)
    const dead = await server.post(url, { headers: { 'Content-Type': 'application/json' }, data: fixture('jellyfin_movie_stop.json') })
    expect(dead.status()).toBe(404)
    await server.dispose()
  })

  test('a play nothing matches waits under Needs matching on the import page', async ({ page, context, playwright, baseURL }) => {
    const settings = (await (await context.request.get('/api/user/scrobble')).json()) as { path: string }
    const server = await playwright.request.newContext({ baseURL })
    const res = await server.post(settings.path, { headers: { 'Content-Type': 'application/json' }, data: fixture('jellyfin_unmatched_stop.json') })
    expect(await res.json()).toEqual({ outcome: 'queued' })
    await server.dispose()
    await page.goto('/settings/import')
    await expect(page.getByRole('heading', { name: 'Needs matching' })).toBeVisible()
    await expect(page.getByRole('listitem', { name: /Grandma's 80th Birthday \(2019\)/ })).toBeVisible()
  })
})
