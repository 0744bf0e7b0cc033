// The e2e fixtures: each worker runs one real server per test file (started by the first
// of the file's tests that the worker runs, stopped when the worker moves to another file or
// ends; tests spread over workers, so a file may have a server on each; a test may ask for a
// fresh one),
// Playwright's own browser, context and page pointed at it, and members signed up in
// browser contexts of their own. Tests import `test` and `expect` from here.
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { signUpViaApi, startServer, userId, type Member, type RunningServer } from './harness'

export { expect }

export interface ServerOptions {
  /** Seed the data dir with `cinecircle demo` (the demo community, the GIF library) first. */
  demo: boolean
  /** A server of the test's own, for tests that count across all members or stop the server. */
  fresh: boolean
  /** Extra environment for the server (e.g. TMDB_API_BASE of a loopback fake). */
  env?: Record<string, string>
}

/** A member signed up through the API, with a browser context and a page of their own. */
export interface SignedInMember extends Member {
  id: string
  context: BrowserContext
  page: Page
}

export interface MemberFields {
  email?: string
  password?: string
  firstName?: string
  lastName?: string
  nickname?: string
}

export interface MemberOptions {
  viewport?: { width: number; height: number }
  /** Save the profile so the Complete Your Profile modal stays away (default true). */
  completeProfile?: boolean
}

/** The worker's current file server: at most one runs per worker. */
class FileServer {
  private key = ''
  private running: Promise<RunningServer> | undefined

  async for(key: string, options: ServerOptions): Promise<RunningServer> {
    if (this.running && this.key === key) return this.running
    await this.stop()
    this.key = key
    this.running = startServer(options)
    return this.running
  }

  async stop() {
    const running = this.running
    this.running = undefined
    if (running) await (await running.catch(() => undefined))?.stop()
  }
}

export const test = base.extend<
  { serverOptions: ServerOptions; server: RunningServer; newMember: (fields?: MemberFields, options?: MemberOptions) => Promise<SignedInMember> },
  { fileServer: FileServer }
>({
  serverOptions: [{ demo: false, fresh: false }, { option: true }],

  fileServer: [
    async ({}, use) => {
      const server = new FileServer()
      await use(server)
      await server.stop()
    },
    { scope: 'worker' },
  ],

  server: async ({ fileServer, serverOptions }, use, testInfo) => {
    const owner = serverOptions.fresh ? testInfo.testId : testInfo.file
    await use(await fileServer.for(`${owner} ${JSON.stringify(serverOptions)}`, serverOptions))
  },

  baseURL: async ({ server }, use) => {
    await use(server.baseURL)
  },

  newMember: async ({ browser, server }, use) => {
    const contexts: BrowserContext[] = []
    await use(async (fields = {}, options = {}) => {
      const context = await browser.newContext({ baseURL: server.baseURL, ...(options.viewport ? { viewport: options.viewport } : {}) })
      contexts.push(context)
      const member = await signUpViaApi(context, fields, { completeProfile: options.completeProfile ?? true })
      return { ...member, id: await userId(context), context, page: await context.newPage() }
    })
    for (const context of contexts) await context.close()
  },
})
