// End-to-end harness: the real server binary on a loopback port with its own temporary
// data directory, and helpers that talk to it as a member would. Nothing is mocked. The
// tests reach these through the fixtures in fixtures.ts.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { access, cp, mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { BrowserContext, Page } from '@playwright/test'

const uiDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '..')

/** The server binary: $CINECIRCLE_BIN, else ../cinecircle next to ui/. */
export const serverBinary = resolve(uiDir, process.env.CINECIRCLE_BIN ?? '../cinecircle')

/**
 * Debian's Chromium (no browser download), the whole browser: the tests of what only a
 * browser with its shell does (web push shown by the service worker, the install offer) run
 * in it, tagged @browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const DEBIAN_SHELL = '/usr/bin/chromium-headless-shell'
/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell): the same
 * Chromium version, Blink and V8 without the browser's shell around them, as Playwright runs
 * headless tests by default. It runs every other test, in about 45% less CPU than the whole
 * browser's headless mode (bench/NOTES.md). Where it is not installed, the whole browser
 * runs them (make test says so).
 */
export const CHROMIUM_SHELL_PATH = process.env.CHROMIUM_SHELL_PATH ?? (existsSync(DEBIAN_SHELL) ? DEBIAN_SHELL : CHROMIUM_PATH)
/** The flags both run with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--js-flags=--no-opt', // short-lived test pages never pay back V8's optimising compiler
]
export const SESSION_COOKIE = 'cinecircle_session'

export interface RunningServer {
  baseURL: string
  dataDir: string
  stop: () => Promise<void>
}

/** freePort asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port)
        else reject(new Error('no port'))
      })
    })
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with code ${child.exitCode}:\n${output()}`)
    }
    try {
      const res = await fetch(`${baseURL}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await sleep(50)
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms:\n${output()}`)
}

/** outputTail keeps the last 8000 characters child writes, for the error when it fails. */
function outputTail(child: ChildProcess): () => string {
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  return () => log
}

/** run runs the server binary with args to its end, failing with the tail of its output. */
function run(args: string[]): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(serverBinary, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } })
    const output = outputTail(child)
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolveRun() : reject(new Error(`cinecircle ${args[0]} exited with ${code}:\n${output()}`))))
  })
}

/** The environment variable naming the run's template directory (global-setup.ts sets it). */
export const TEMPLATES_ENV = 'CINECIRCLE_E2E_TEMPLATES'

type Template = 'plain' | 'demo'

/**
 * buildTemplate writes a data dir as a new server leaves it: plain has been served once
 * (migrated, the embedded catalog synced), demo has been seeded by `cinecircle demo`
 * (migrations, catalog and the demo community, as the tests seeded it before serving).
 */
async function buildTemplate(kind: Template, dataDir: string): Promise<void> {
  if (kind === 'demo') return run(['demo', '--dir', dataDir])
  const server = await serve(dataDir, {})
  await server.stop()
}

const templates = new Map<Template, Promise<string>>()

/**
 * template returns the run's data dir of that kind, built once per run by the first
 * worker that needs it (holding a lock file, so two workers starting together do not
 * both build it; the others wait for it). Servers start from copies, so no test pays
 * for migrations, the catalog sync or the demo seed.
 */
function template(kind: Template): Promise<string> {
  let built = templates.get(kind)
  if (!built) {
    built = buildOnce(kind)
    templates.set(kind, built)
    built.catch(() => templates.delete(kind))
  }
  return built
}

async function buildOnce(kind: Template): Promise<string> {
  const root = process.env[TEMPLATES_ENV]
  if (!root) throw new Error(`${TEMPLATES_ENV} is not set: run the suite through playwright.config.ts, whose global setup makes it`)
  const dir = join(root, kind)
  const lock = `${dir}.lock`
  for (;;) {
    if (await exists(dir)) return dir
    const held = await open(lock, 'wx').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EEXIST') return undefined
      throw err
    })
    if (!held) {
      await sleep(100) // another worker is building it
      continue
    }
    const building = join(root, `${kind}.building`)
    try {
      await rm(building, { recursive: true, force: true })
      await mkdir(building)
      await buildTemplate(kind, building)
      await rename(building, dir)
    } catch (err) {
      await rm(building, { recursive: true, force: true })
      throw err
    } finally {
      await held.close()
      await rm(lock, { force: true })
    }
  }
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )

interface Served {
  baseURL: string
  /** stop ends the server (SIGTERM, SIGKILL after 5 s) and waits for it to exit. */
  stop: () => Promise<void>
}

/** serve runs `cinecircle serve` on dataDir on a free loopback port and waits (up to 30 s) for /api/health. */
async function serve(dataDir: string, env: Record<string, string>): Promise<Served> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const child = spawn(serverBinary, ['serve', '--http', `127.0.0.1:${port}`, '--dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // '{origin}' in a value stands for the server's own origin (e.g. a public URL it is named by)
    env: { ...process.env, ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replaceAll('{origin}', baseURL)])) },
  })
  const output = outputTail(child)
  const exited = new Promise<void>((r) => child.once('exit', () => r()))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
  }

  try {
    await waitForHealth(baseURL, child, output, 30_000)
  } catch (err) {
    await stop()
    throw err
  }
  return { baseURL, stop }
}

/**
 * startServer runs `cinecircle serve` on a free loopback port with a data dir of its own,
 * a copy of the run's template (with demo: true, the one seeded by `cinecircle demo`: the
 * demo community and the local GIF library), and waits (up to 30 s) for /api/health.
 * stop() kills it and removes the data dir; env adds to the server's environment (e.g. a
 * loopback TMDB fake; '{origin}' in a value stands for the server's own origin).
 */
export async function startServer(options: { demo?: boolean; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const source = await template(options.demo ? 'demo' : 'plain')
  const dataDir = await mkdtemp(join(tmpdir(), 'cinecircle-e2e-'))
  const removeDir = () => rm(dataDir, { recursive: true, force: true })
  try {
    await cp(source, dataDir, { recursive: true })
    const server = await serve(dataDir, options.env ?? {})
    return {
      baseURL: server.baseURL,
      dataDir,
      stop: async () => {
        await server.stop()
        await removeDir()
      },
    }
  } catch (err) {
    await removeDir()
    throw err
  }
}

const superuserTokens = new Map<string, Promise<string>>()

/**
 * superuserToken creates a superuser in the server's data dir (`cinecircle superuser
 * upsert`) and returns its auth token, for calls the dashboard makes. The token is made
 * once per server and superuser: each upsert starts the whole binary.
 */
export function superuserToken(server: RunningServer, email = 'moderator@example.com', password = 'a-long-moderator-password'): Promise<string> {
  const key = JSON.stringify([server.dataDir, email, password])
  let token = superuserTokens.get(key)
  if (!token) {
    token = signInSuperuser(server, email, password)
    superuserTokens.set(key, token)
    token.catch(() => superuserTokens.delete(key))
  }
  return token
}

async function signInSuperuser(server: RunningServer, email: string, password: string): Promise<string> {
  await promisify(execFile)(serverBinary, ['superuser', 'upsert', email, password, '--dir', server.dataDir])
  const res = await fetch(`${server.baseURL}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: email, password }),
  })
  if (!res.ok) throw new Error(`superuser sign-in failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

let counter = 0

/** uniqueEmail: an address no other test in this run uses. */
export function uniqueEmail(prefix = 'member'): string {
  counter += 1
  return `${prefix}.${process.pid}.${Date.now()}.${counter}@example.com`
}

export const DEFAULT_PASSWORD = 'popcorn-and-plot'

export interface Member {
  email: string
  password: string
}

/** createMember signs a member up through the API from Node (no browser session). */
export async function createMember(
  baseURL: string,
  fields: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<Member> {
  const email = fields.email ?? uniqueEmail()
  const password = fields.password ?? DEFAULT_PASSWORD
  const res = await fetch(`${baseURL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, passwordConfirm: password, firstName: fields.firstName ?? '', lastName: fields.lastName ?? '' }),
  })
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`)
  return { email, password }
}

/**
 * signUpViaApi creates a member through the context's own request client, so the session
 * cookie lands in that browser context, and (by default) completes the profile so the
 * Complete Your Profile modal stays away.
 */
export async function signUpViaApi(
  context: BrowserContext,
  fields: { email?: string; password?: string; firstName?: string; lastName?: string; nickname?: string } = {},
  options: { completeProfile?: boolean } = { completeProfile: true },
): Promise<Member> {
  const email = fields.email ?? uniqueEmail()
  const password = fields.password ?? DEFAULT_PASSWORD
  const firstName = fields.firstName ?? 'Maya'
  const lastName = fields.lastName ?? 'Okafor'
  const res = await context.request.post('/api/auth/signup', {
    data: { email, password, passwordConfirm: password, firstName, lastName },
  })
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`)
  if (options.completeProfile !== false) {
    const nickname = fields.nickname ?? null
    const done = await context.request.patch('/api/auth/user/name', {
      data: { firstName, lastName, nickname, displayPreference: 'fullname' },
    })
    if (!done.ok()) throw new Error(`profile failed: ${done.status()} ${await done.text()}`)
  }
  return { email, password }
}

/** signUpViaUi fills the Create account form on /login. */
export async function signUpViaUi(
  page: Page,
  fields: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<Member> {
  const email = fields.email ?? uniqueEmail()
  const password = fields.password ?? DEFAULT_PASSWORD
  if (!page.url().includes('/login')) await page.goto('/login')
  await page.getByRole('tab', { name: 'Create account' }).click()
  if (fields.firstName) await page.getByLabel('First name').fill(fields.firstName)
  if (fields.lastName) await page.getByLabel('Last name').fill(fields.lastName)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  return { email, password }
}

/** signInViaUi fills the Sign in form on the current /login page. */
export async function signInViaUi(page: Page, member: Member): Promise<void> {
  await page.getByLabel('Email').fill(member.email)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** userId: the id of the member signed in on context. */
export async function userId(context: BrowserContext): Promise<string> {
  const res = await context.request.get('/api/auth/user')
  if (res.status() !== 200) throw new Error(`/api/auth/user: ${res.status()} ${await res.text()}`)
  return ((await res.json()) as { id: string }).id
}
