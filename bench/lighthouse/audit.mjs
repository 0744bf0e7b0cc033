// audit.mjs: the UI half of `make bench`. It serves the demo community with the real
// binary on loopback, then for the landing (signed out) and the signed-in home runs
// Lighthouse 12 (mobile settings, Debian's Chromium) and sums the gzip size of every
// JavaScript file the page loaded on its first load (from Lighthouse's network record).
// The home runs with the cookies sign-in sets in the browser's own jar, as a member's browser has them.
//
//   node audit.mjs --bin ../../cinecircle --out ../out/ui.json [--lhr DIR] [--chrome PATH]
//
// --lhr DIR keeps each page's full Lighthouse report (DIR/landing.json, DIR/home.json): the
// main-thread, long-task and LCP-element audits behind the scores.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const bin = arg('bin', '../../cinecircle')
const out = arg('out', '../out/ui.json')
const chromePath = arg('chrome', '/usr/bin/chromium')
const lhrDir = arg('lhr', '')

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
    s.on('error', reject)
  })

const run = (args) =>
  new Promise((resolve, reject) => {
    const p = spawn(bin, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let text = ''
    p.stdout.on('data', (d) => (text += d))
    p.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`${bin} ${args.join(' ')}: exit ${code}`))))
  })

// setBrowserCookies puts cookies into the browser's own jar through the DevTools protocol.
async function setBrowserCookies(port, cookies) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` })
  try {
    const session = await browser.target().createCDPSession()
    await session.send('Storage.setCookies', { cookies })
  } finally {
    await browser.disconnect()
  }
}

const dir = mkdtempSync(join(tmpdir(), 'cinecircle-ui-bench-'))
let server
let chrome
try {
  const seeded = await run(['demo', '--dir', dir, '--dev=false'])
  const m = /as (\S+@\S+) \/ (\S+)/.exec(seeded)
  if (!m) throw new Error(`the demo seed named no member:\n${seeded}`)
  const [, email, password] = m
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  server = spawn(bin, ['serve', '--http', `127.0.0.1:${port}`, '--dir', dir, '--dev=false'], { stdio: 'ignore' })
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break
    } catch {
      /* not up yet */
    }
    if (i > 600) throw new Error('the server did not start')
    await new Promise((r) => setTimeout(r, 50))
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  // Every cookie sign-in sets (the session and its cinecircle_member hint, which the page's
  // startup script reads), put into Chromium's own jar before the home's run, as a signed-in
  // browser has them: a Cookie header sent beside the jar is invisible to the page's scripts.
  const cookies = login.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';')
    const i = pair.indexOf('=')
    return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base }
  })
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  if (!login.ok || !cookie) throw new Error(`login failed: ${login.status}`)

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  const pages = []
  for (const page of [
    { name: 'landing', file: 'landing', headers: {} },
    { name: 'signed-in home', file: 'home', headers: { Cookie: cookie }, cookies },
  ]) {
    if (page.cookies) await setBrowserCookies(chrome.port, page.cookies)
    const result = await lighthouse(`${base}/`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: false,
    })
    const lhr = result.lhr
    if (lhrDir) writeFileSync(join(lhrDir, `${page.file}.json`), JSON.stringify(lhr))
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script')
    const js = []
    for (const s of scripts) {
      const body = Buffer.from(await (await fetch(s.url, { headers: page.headers })).arrayBuffer())
      js.push({ url: s.url.replace(base, ''), bytes: body.length, gzip: gzipSync(body, { level: 9 }).length })
    }
    const scores = Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)]))
    pages.push({
      name: page.name,
      lighthouse: lhr.lighthouseVersion,
      formFactor: lhr.configSettings.formFactor,
      scores,
      metrics: {
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
      },
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
        .map((a) => a.id),
      js,
      jsGzip: js.reduce((n, f) => n + f.gzip, 0),
      jsBytes: js.reduce((n, f) => n + f.bytes, 0),
    })
    console.log(`${page.name}: JS ${(pages.at(-1).jsGzip / 1024).toFixed(1)} KB gzip in ${js.length} files; scores ${JSON.stringify(scores)}`)
  }
  writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), chrome: chromePath, pages }, null, 2) + '\n')
} finally {
  await chrome?.kill()
  server?.kill('SIGTERM')
  rmSync(dir, { recursive: true, force: true })
}
