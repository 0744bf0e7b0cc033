// TV tracking end to end (issue #19): episode checks, 'Mark season watched', unmarking,
// Up Next on home advancing in place, the spoiler guard on a friend's episode review, the
// calendar and its private iCalendar feed, and the Rate dialog when an ended show's last
// episode is marked. The TMDB tests run the real binary against a loopback TMDB that
// serves the Severance fixtures of hooks/tv/testdata/tmdb at TMDB's v3 paths, every date
// moved so season 2's first episode aired three days ago and the next airs in four days;
// the last test uses the embedded catalog (Breaking Bad, ended).
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures'

const SEVERANCE = 95396
const TMDB_KEY = 'tv-e2e-key'
const fixtures = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../hooks/tv/testdata/tmdb')
/** The day the fixtures were written for: season 2 airs weekly from three days before it. */
const FIXTURE_TODAY = Date.UTC(2025, 0, 20)

/**
 * fakeTmdb serves the fixtures at /3/tv/{id} and /3/tv/{id}/season/{n} with TMDB's error
 * shapes (401 for a wrong api_key, 404 otherwise), every YYYY-MM-DD moved to today's week.
 */
async function fakeTmdb(): Promise<{ url: string; close: () => Promise<void> }> {
  const today = new Date()
  const shift = Math.round((Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - FIXTURE_TODAY) / 86_400_000)
  const move = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`)
    d.setUTCDate(d.getUTCDate() + shift)
    return d.toISOString().slice(0, 10)
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://tmdb.invalid')
    res.setHeader('Content-Type', 'application/json;charset=utf-8')
    if (url.searchParams.get('api_key') !== TMDB_KEY) {
      res.writeHead(401).end('{"success":false,"status_code":7,"status_message":"Invalid API key: You must be granted a valid key."}')
      return
    }
    const show = /^\/3\/tv\/(\d+)$/.exec(url.pathname)
    const season = /^\/3\/tv\/(\d+)\/season\/(\d+)$/.exec(url.pathname)
    const file = show ? `tv_${show[1]}.json` : season ? `tv_${season[1]}_season_${season[2]}.json` : null
    const notFound = () =>
      res.writeHead(404).end('{"success":false,"status_code":34,"status_message":"The resource you requested could not be found."}')
    if (!file) return notFound()
    readFile(resolve(fixtures, file), 'utf8').then(
      (body) => res.end(body.replace(/"(\d{4}-\d{2}-\d{2})"/g, (_, day: string) => `"${move(day)}"`)),
      notFound,
    )
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** withTmdb: the tests' server talks to the worker's loopback TMDB. */
const withTmdb = test.extend<object, { tmdb: { url: string } }>({
  tmdb: [
    async ({}, use) => {
      const fake = await fakeTmdb()
      await use(fake)
      await fake.close()
    },
    { scope: 'worker' },
  ],
  serverOptions: async ({ tmdb }, use) => {
    await use({ demo: false, fresh: false, env: { TMDB_API_KEY: TMDB_KEY, TMDB_API_BASE: `${tmdb.url}/3`, TMDB_IMAGE_BASE: `${tmdb.url}/img` } })
  },
})

/** mark posts an episode mark as the member whose request context this is. */
async function mark(request: APIRequestContext, body: object) {
  const res = await request.post(`/api/tv-shows/${SEVERANCE}/episodes/watched`, { data: body })
  expect(res.ok(), await res.text()).toBe(true)
}

withTmdb.describe('TV tracking with TMDB', () => {
  withTmdb('marks a season, checks and unchecks an episode, and Up Next on home advances in place', async ({ newMember }) => {
    const ana = await newMember({ firstName: 'Ana', lastName: 'Binge' })
    const page = ana.page
    await page.goto(`/tv/${SEVERANCE}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Severance' })).toBeVisible()
    const progress = page.getByTestId('show-progress')
    await expect(progress.getByRole('heading', { name: 'Watched 0 of 19 episodes' })).toBeVisible()
    await expect(progress).toContainText('Up Next S1E1')

    await page.getByRole('button', { name: 'Mark all of Season 1 watched' }).click()
    await expect(progress.getByRole('heading', { name: 'Watched 9 of 19 episodes' })).toBeVisible()
    await expect(page.getByTestId('season-1')).toContainText('Season watched')
    await expect(progress).toContainText('Up Next S2E1 · Hello, Ms. Cobel')
    await expect(page.getByRole('progressbar', { name: 'Severance: episodes watched' })).toHaveAttribute('aria-valuetext', '9 of 19')

    // One episode's check marks it, unchecking takes the watch back (names and air dates from TMDB).
    const season2 = page.getByTestId('season-2')
    await season2.getByRole('button', { expanded: false }).click()
    const check = season2.getByRole('checkbox', { name: 'S2E1 · Hello, Ms. Cobel watched' })
    await expect(check).not.toBeChecked()
    await check.check()
    await expect(progress.getByRole('heading', { name: 'Watched 10 of 19 episodes' })).toBeVisible()
    await expect(season2).toContainText('1 of 10 watched')
    await check.uncheck()
    await expect(progress.getByRole('heading', { name: 'Watched 9 of 19 episodes' })).toBeVisible()
    await expect(check).not.toBeChecked()

    // Home: Continue Watching offers S2E1; one tap marks it and the card moves on to S2E2,
    // which has not aired yet, so the card says when it airs instead of offering a tap.
    await page.goto('/')
    const card = page.getByRole('region', { name: 'Continue Watching' }).getByTestId('up-next-card')
    await expect(card).toContainText('Up Next S2E1')
    await card.getByRole('button', { name: 'Mark Severance S2E1 watched' }).click()
    await expect(card).toContainText('Up Next S2E2')
    await expect(card).toContainText('10 of 19')
    await expect(card).toContainText(/Airs (today|tomorrow|\w{3}, \w{3} \d+)/)
    await expect(card.getByRole('button', { name: /Mark Severance/ })).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('region', { name: 'Continue Watching' }).getByTestId('up-next-card')).toContainText('Up Next S2E2')

    // The watchlist's Up Next tab lists it too.
    await page.goto('/watchlist?tab=up-next')
    await expect(page.getByRole('tabpanel', { name: 'Up Next' }).getByTestId('up-next-card')).toContainText('Up Next S2E2')
  })

  withTmdb("blurs a friend's review of an episode ahead of the viewer until 'Show anyway'", async ({ newMember }) => {
    const ana = await newMember({ firstName: 'Ana', lastName: 'Behind' })
    const bea = await newMember({ firstName: 'Bea', lastName: 'Ahead' })
    const cy = await newMember({ firstName: 'Cy', lastName: 'Untracked' })
    for (const viewer of [ana, cy]) {
      expect((await viewer.context.request.post('/api/follow', { data: { userId: bea.id } })).ok()).toBe(true)
    }
    await mark(ana.context.request, { upTo: { season: 2, episode: 1 } })
    const review = 'Cobel in the cabin changes everything we knew about Lumon.'
    const posted = await bea.context.request.post(`/api/tv-shows/${SEVERANCE}/episode-reviews`, {
      data: { seasonNumber: 2, episodeNumber: 3, rating: 9, review },
    })
    expect(posted.ok(), await posted.text()).toBe(true)

    await ana.page.goto('/')
    const guard = ana.page.getByTestId('spoiler-guard')
    await expect(guard).toContainText("Spoiler for S2E3 — you're on S2E2")
    await expect(ana.page.getByText(review)).toHaveCount(0)
    await guard.getByRole('button', { name: 'Show anyway' }).click()
    await expect(ana.page.getByText(review)).toBeVisible()
    await expect(ana.page.getByTestId('spoiler-guard')).toHaveCount(0)

    // A follower who does not track the show reads it plainly.
    await cy.page.goto('/')
    await expect(cy.page.getByText(review)).toBeVisible()
    await expect(cy.page.getByTestId('spoiler-guard')).toHaveCount(0)
  })

  withTmdb('the calendar lists the episodes airing next, and the private iCalendar feed carries them', async ({ newMember, baseURL }) => {
    const ana = await newMember({ firstName: 'Ana', lastName: 'Planner' })
    await mark(ana.context.request, { season: 1 })
    const page = ana.page
    await page.goto('/calendar')
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
    const days = page.getByTestId('calendar-day')
    await expect(days).toHaveCount(5)
    await expect(days.first()).toContainText('S2E1 · Hello, Ms. Cobel')
    const next = days.nth(1)
    await expect(next).toContainText('Severance')
    await expect(next).toContainText('S2E2 · Goodbye, Mrs. Selvig')
    await expect(next.getByRole('heading')).toHaveText(/^(Tomorrow|\w+day, \w+ \d+)$/)

    await page.getByRole('link', { name: 'Subscribe in your calendar app' }).click()
    await expect(page).toHaveURL(/\/settings\/calendar$/)
    await page.getByRole('button', { name: 'Create my calendar address' }).click()
    const address = page.getByRole('textbox', { name: 'Your private calendar address' })
    await expect(address).toHaveValue(new RegExp(`^${baseURL}/api/calendar/.+\\.ics$`))
    await expect(page.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', /^webcal:\/\//)
    const url = await address.inputValue()
    const ics = await (await fetch(url)).text()
    expect(ics).toContain('BEGIN:VCALENDAR')
    expect(ics).toContain('SUMMARY:Severance S2E2 · Goodbye\\, Mrs. Selvig')

    // Turning it off ends the old address.
    await page.getByRole('button', { name: 'Turn off' }).click()
    await expect(page.getByRole('button', { name: 'Create my calendar address' })).toBeVisible()
    expect((await fetch(url)).status).toBe(404)
  })
})

test.describe('TV tracking with the embedded catalog', () => {
  test("'Up to here' on an ended show's last episode finishes it and offers the Rate dialog; the calendar says air dates need TMDB", async ({
    newMember,
  }) => {
    const ana = await newMember({ firstName: 'Ana', lastName: 'Finisher' })
    const page = ana.page
    const search = (await (await page.request.get('/api/tv-shows/search?query=breaking')).json()) as { results: { id: number; name: string }[] }
    const id = search.results.find((s) => s.name === 'Breaking Bad')?.id ?? 0
    expect(id).toBeGreaterThan(0)
    await page.goto(`/tv/${id}`)
    const progress = page.getByTestId('show-progress')
    await expect(progress.getByRole('heading', { name: 'Watched 0 of 62 episodes' })).toBeVisible()
    const season5 = page.getByTestId('season-5')
    await season5.getByRole('button', { expanded: false }).click()
    await season5.getByRole('button', { name: 'Mark every episode up to S5E16 watched' }).click()
    const rate = page.getByRole('dialog', { name: /Breaking Bad/ })
    await expect(rate).toBeVisible()
    await expect(progress.getByRole('heading', { name: 'Watched 62 of 62 episodes' })).toBeVisible()
    await expect(progress).toContainText("You've watched every episode.")
    await rate.getByRole('button', { name: 'Cancel' }).click()
    await expect(rate).toBeHidden()

    await page.goto('/calendar')
    await expect(page.getByRole('heading', { name: 'Air dates need TMDB' })).toBeVisible()
  })
})
