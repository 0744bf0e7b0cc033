// Import & export end to end (issue 14): a Letterboxd export ZIP built here is uploaded on
// /settings/import, its progress runs to the end, the report counts what came in, the one
// unmatched film is matched by hand, the diary shows the titles, and the export downloads.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hidden, launchBrowser, newContext, pathOf, signUpViaApi, startServer, visible, type RunningServer } from './harness'

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
  context = await newContext(browser, server.baseURL)
  await signUpViaApi(context, { firstName: 'Ines', lastName: 'Importer' })
  page = await context.newPage()
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.stop()
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

/** waitForFinish watches the progress bar fill to its end and the status say so. */
async function waitForFinish(p: Page) {
  const progress = await visible(p.getByRole('progressbar', { name: 'Import progress' }))
  await p.waitForFunction(() => {
    const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Import progress"]')
    return !!bar && bar.max > 0 && bar.value === bar.max
  })
  await visible(p.getByTestId('import-status').getByText('Import finished: 3 items read.'), 20_000)
  return progress
}

describe('import & export', () => {
  it('opens the page from the account menu', async () => {
    await page.goto('/')
    await page.getByRole('button', { name: /^Account menu for/ }).click()
    await page.getByRole('menuitem', { name: 'Import & Export' }).click()
    await visible(page.getByRole('heading', { level: 1, name: 'Import & Export' }))
    expect(pathOf(page)).toBe('/settings/import')
    for (const name of ['Letterboxd', 'Trakt', 'IMDb']) {
      await visible(page.getByRole('heading', { level: 2, name, exact: true }))
      expect(await page.getByLabel(`Import from ${name}`).count()).toBe(1)
    }
    await visible(page.getByText('No imports yet.'))
  })

  it('shows the server message for a file that is no export', async () => {
    await page.goto('/settings/import')
    await letterboxdInput(page).setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('hello,world\n1,2\n') })
    // The server says what to upload instead.
    await visible(page.getByRole('alert').filter({ hasText: 'no Letterboxd files found: upload the export ZIP' }))
    // A file of another type is refused before any upload.
    await letterboxdInput(page).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50]) })
    await visible(page.getByText('“poster.png” is not a ZIP, CSV or JSON file.'))
  })

  it('imports a Letterboxd ZIP: progress to the end, 2 imported, 1 unmatched, then matched by hand', async () => {
    await page.goto('/settings/import')
    await uploadExport(page)
    await waitForFinish(page)
    expect(await report(page, 'imported').textContent()).toBe('2')
    expect(await report(page, 'already-present').textContent()).toBe('0')
    expect(await report(page, 'unmatched').textContent()).toBe('1')
    const unmatched = await visible(page.getByRole('list', { name: 'Unmatched items' }))
    const item = await visible(unmatched.getByRole('listitem', { name: 'A Film Nobody Made (2019)' }))

    await item.getByRole('button', { name: 'Match A Film Nobody Made (2019)' }).click()
    const search = await visible(item.getByRole('searchbox', { name: 'Find the movie' }))
    await search.fill('heat')
    await (await visible(item.getByRole('button', { name: /^Heat\s*1995$/ }))).click()
    await hidden(item)
    await visible(report(page, 'imported').getByText('3', { exact: true }))
    expect(await report(page, 'unmatched').textContent()).toBe('0')
    await visible(page.getByText('Every item found its title.'))
    // The recent imports list has it, with the matched count.
    await visible(page.getByRole('list', { name: 'Recent imports' }).getByText('3 imported · 0 already present · 0 unmatched'))
  })

  it('shows the imported titles on the profile diary with their ratings', async () => {
    await page.goto('/profile')
    const matrix = page.getByRole('article').filter({ hasText: 'The Matrix' })
    await visible(matrix.getByText('9.0/10.0'))
    await visible(page.getByRole('article').filter({ hasText: 'Amélie' }))
    await visible(page.getByRole('article').filter({ hasText: 'Heat' }))
  })

  it('adds nothing when the same file is imported again', async () => {
    await page.goto('/settings/import')
    await uploadExport(page)
    await waitForFinish(page)
    expect(await report(page, 'imported').textContent()).toBe('0')
    expect(await report(page, 'already-present').textContent()).toBe('2')
    expect(await report(page, 'unmatched').textContent()).toBe('1')
  })

  it('downloads everything as a ZIP', async () => {
    await page.goto('/settings/import')
    await visible(page.getByRole('heading', { name: 'Export everything' }))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Export (.zip)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.zip$/)
    expect(await download.failure()).toBeNull()
  })
})
