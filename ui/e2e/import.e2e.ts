// Import & export end to end (issue 14): a Letterboxd export ZIP built here is uploaded on
// /settings/import, its progress runs to the end, the report counts what came in, the one
// unmatched film is matched by hand, the diary shows the titles, and the export downloads.
// Each test signs up its own member (Ines); tests that start from an import already made
// make it through the API, as the page does.
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { signUpViaApi } from './harness'

test.beforeEach(async ({ context }) => {
  await signUpViaApi(context, { firstName: 'Ines', lastName: 'Importer' })
})

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(data: Buffer): number {
  let crc = 0xffffffff
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** storedZip writes a ZIP whose files are stored uncompressed (all a reader needs). */
function storedZip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(files)) {
    const nameBuf = Buffer.from(name, 'utf8')
    const data = Buffer.from(text, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0x0800, 6) // UTF-8 names
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt16LE(0, 10) // time
    local.writeUInt16LE(0x21, 12) // date: 1980-01-01
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBuf.length, 26)
    local.writeUInt16LE(0, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0x0800, 8)
    central.writeUInt16LE(0, 10)
    central.writeUInt16LE(0, 12)
    central.writeUInt16LE(0x21, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBuf.length, 28)
    central.writeUInt32LE(offset, 42) // extra, comment, disk, attributes stay 0
    locals.push(local, nameBuf, data)
    centrals.push(central, nameBuf)
    offset += local.length + nameBuf.length + data.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  const count = Object.keys(files).length
  end.writeUInt16LE(count, 8)
  end.writeUInt16LE(count, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}

const DIARY_CSV = [
  'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date',
  '2024-01-06,The Matrix,1999,https://boxd.it/aaaa,4.5,,,2024-01-05',
  '2024-02-11,Amélie,2001,https://boxd.it/bbbb,4,,,2024-02-10',
  '2024-03-02,A Film Nobody Made,2019,https://boxd.it/cccc,3,,,2024-03-01',
].join('\n')

const exportZip = () =>
  storedZip({
    'diary.csv': DIARY_CSV,
    'watchlist.csv': 'Date,Name,Year,Letterboxd URI\n',
  })

const letterboxdInput = (p: Page) => p.getByLabel('Import from Letterboxd')
const report = (p: Page, id: string) => p.getByTestId(`report-${id}`)

async function uploadExport(p: Page) {
  await letterboxdInput(p).setInputFiles({ name: 'letterboxd-export.zip', mimeType: 'application/zip', buffer: exportZip() })
}

/** expectFinished: the progress bar fills to its end and the status says it read n items. */
async function expectFinished(p: Page, n = 3) {
  const progress = p.getByRole('progressbar', { name: 'Import progress' })
  await expect(progress).toBeVisible()
  await expect
    .poll(() =>
      p.evaluate(() => {
        const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Import progress"]')
        return !!bar && bar.max > 0 && bar.value === bar.max
      }),
    )
    .toBe(true)
  await expect(p.getByTestId('import-status').getByText(`Import finished: ${n} items read.`)).toBeVisible({ timeout: 20_000 })
}

interface ImportJSON {
  id: string
  status: string
  unmatched: { index: number; title: string }[]
}

/** importThroughApi uploads the export as the page does, waits for it to finish, and matches the unmatched film to Heat. */
async function importThroughApi(request: APIRequestContext) {
  const started = await request.post('/api/import/letterboxd', {
    multipart: { file: { name: 'letterboxd-export.zip', mimeType: 'application/zip', buffer: exportZip() } },
  })
  expect(started.status()).toBe(202)
  const { id } = (await started.json()) as ImportJSON
  let done: ImportJSON | undefined
  await expect
    .poll(async () => {
      done = (await (await request.get(`/api/imports/${id}`)).json()) as ImportJSON
      return done.status
    })
    .toBe('done')
  const heat = (await (await request.get('/api/movies/search?query=heat')).json()) as { results: { id: number; title: string; year?: number }[] }
  const heatId = heat.results.find((m) => m.title === 'Heat')?.id
  expect(heatId).toBeTruthy()
  const unmatched = done!.unmatched.find((u) => u.title === 'A Film Nobody Made')
  expect(unmatched).toBeTruthy()
  expect((await request.post(`/api/imports/${id}/match`, { data: { index: unmatched!.index, tmdbId: heatId } })).ok()).toBe(true)
}

test.describe('import & export', () => {
  test('opens the page from the account menu', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: /^Account menu for/ }).click()
    await page.getByRole('menuitem', { name: 'Import & Export' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Import & Export' })).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname + url.search === '/settings/import')
    for (const name of ['Letterboxd', 'Trakt', 'IMDb']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
      await expect(page.getByLabel(`Import from ${name}`)).toHaveCount(1)
    }
    await expect(page.getByText('No imports yet.')).toBeVisible()
  })

  test('shows the server message for a file that is no export', async ({ page }) => {
    await page.goto('/settings/import')
    await letterboxdInput(page).setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('hello,world\n1,2\n') })
    // The server says what to upload instead.
    await expect(page.getByRole('alert').filter({ hasText: 'no Letterboxd files found: upload the export ZIP' })).toBeVisible()
    // A file of another type is refused before any upload.
    await letterboxdInput(page).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50]) })
    await expect(page.getByText('“poster.png” is not a ZIP, CSV or JSON file.')).toBeVisible()
  })

  test('imports a Letterboxd ZIP: progress to the end, 2 imported, 1 unmatched, then matched by hand', async ({ page }) => {
    await page.goto('/settings/import')
    await uploadExport(page)
    await expectFinished(page)
    await expect(report(page, 'imported')).toHaveText('2')
    await expect(report(page, 'already-present')).toHaveText('0')
    await expect(report(page, 'unmatched')).toHaveText('1')
    const unmatched = page.getByRole('list', { name: 'Unmatched items' })
    await expect(unmatched).toBeVisible()
    const item = unmatched.getByRole('listitem', { name: 'A Film Nobody Made (2019)' })
    await expect(item).toBeVisible()

    await item.getByRole('button', { name: 'Match A Film Nobody Made (2019)' }).click()
    const search = item.getByRole('searchbox', { name: 'Find the movie' })
    await expect(search).toBeVisible()
    await search.fill('heat')
    const heat = item.getByRole('button', { name: /^Heat\s*1995$/ })
    await expect(heat).toBeVisible()
    await heat.click()
    await expect(item).toBeHidden()
    await expect(report(page, 'imported').getByText('3', { exact: true })).toBeVisible()
    await expect(report(page, 'unmatched')).toHaveText('0')
    await expect(page.getByText('Every item found its title.')).toBeVisible()
    // The recent imports list has it, with the matched count.
    await expect(page.getByRole('list', { name: 'Recent imports' }).getByText('3 imported · 0 already present · 0 unmatched')).toBeVisible()
  })

  test('shows the imported titles on the profile diary with their ratings', async ({ page, context }) => {
    await importThroughApi(context.request)
    await page.goto('/profile')
    const matrix = page.getByRole('article').filter({ hasText: 'The Matrix' })
    await expect(matrix.getByText('9.0/10.0')).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Amélie' })).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Heat' })).toBeVisible()
  })

  test('adds nothing when the same file is imported again', async ({ page, context }) => {
    await importThroughApi(context.request)
    await page.goto('/settings/import')
    await uploadExport(page)
    await expectFinished(page)
    await expect(report(page, 'imported')).toHaveText('0')
    await expect(report(page, 'already-present')).toHaveText('2')
    await expect(report(page, 'unmatched')).toHaveText('1')
  })

  test('imports a Letterboxd list with its order and notes, and adds nothing the second time', async ({ page }) => {
    // lists/<slug>.csv as Letterboxd writes it: the format line, the list's own row, a
    // blank line, then Position, Name, Year, URL, Description (a note may span lines).
    const list = [
      'Letterboxd list export v7',
      'Date,Name,Tags,URL,Description',
      '2025-02-01,Silent greats,"silent, classics",https://letterboxd.com/ines/list/silent-greats/,"The ones that still move me, in order."',
      '',
      'Position,Name,Year,URL,Description',
      '1,The Gold Rush,1925,https://boxd.it/29ts,"The boot dinner, of course."',
      '2,Nosferatu,1922,https://boxd.it/2aHi,',
      '3,The Kid,1921,https://boxd.it/29Wq,"Funny, then not,',
      'then funny again."',
    ].join('\n')
    const zip = storedZip({ 'watchlist.csv': 'Date,Name,Year,Letterboxd URI\n', 'lists/silent-greats.csv': list })
    const upload = () => letterboxdInput(page).setInputFiles({ name: 'letterboxd-export.zip', mimeType: 'application/zip', buffer: zip })
    await page.goto('/settings/import')
    await upload()
    await expectFinished(page)
    await expect(report(page, 'imported')).toHaveText('3')

    await page.goto('/lists')
    await page.getByRole('link', { name: /Silent greats/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Silent greats' })).toBeVisible()
    await expect(page.getByText('The ones that still move me, in order.')).toBeVisible()
    const rows = page.getByTestId('list-item')
    await expect(rows).toHaveCount(3)
    await expect(rows.nth(0)).toContainText('The Gold Rush')
    await expect(rows.nth(0)).toContainText('The boot dinner, of course.')
    await expect(rows.nth(1)).toContainText('Nosferatu')
    await expect(rows.nth(2)).toContainText('The Kid')
    await expect(rows.nth(2)).toContainText(/Funny, then not,\s+then funny again\./)

    // the same file again: nothing new, still one list of three
    await page.goto('/settings/import')
    await upload()
    await expectFinished(page)
    await expect(report(page, 'imported')).toHaveText('0')
    await expect(report(page, 'already-present')).toHaveText('3')
    await page.goto('/lists')
    await expect(page.getByRole('link', { name: /Silent greats/ })).toHaveCount(1)
    await page.getByRole('link', { name: /Silent greats/ }).click()
    await expect(rows).toHaveCount(3)
  })

  test('downloads everything as a ZIP', async ({ page }) => {
    await page.goto('/settings/import')
    await expect(page.getByRole('heading', { name: 'Export everything' })).toBeVisible()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Export (.zip)' }).click()])
    expect(download.suggestedFilename()).toMatch(/\.zip$/)
    expect(await download.failure()).toBeNull()
  })
})
