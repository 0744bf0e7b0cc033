import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// As in the app's build (Vite sets it): workbox-window's development logging stays out.
vi.stubEnv('NODE_ENV', 'production')
const { registerServiceWorker, SW_UPDATE_CHECK_MS, SW_URL } = await import('./serviceWorker')

/** A stand-in for navigator.serviceWorker whose register answers `answer`. */
function container(answer: () => Promise<unknown>, controller: unknown = null) {
  return {
    controller,
    addEventListener: vi.fn(),
    register: vi.fn((..._args: unknown[]) => answer()),
  }
}

/** A registration with nothing waiting, whose update() is counted. */
function registration() {
  return { waiting: null, installing: null, active: null, addEventListener: vi.fn(), update: vi.fn(() => Promise.resolve()) }
}

let errors: ReturnType<typeof vi.spyOn>
let warnings: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
  // The page has loaded: registration does not wait for the load event.
  vi.stubGlobal('document', { readyState: 'complete' })
  vi.stubGlobal('location', new URL('https://cinecircle.test/'))
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('registerServiceWorker where service workers are unavailable', () => {
  it.each<[string, unknown]>([
    ['no navigator at all', undefined],
    ['navigator.serviceWorker undefined (a private window, blocked by policy)', { userAgent: 'test' }],
    ['navigator.serviceWorker null', { serviceWorker: null }],
  ])('%s: nothing registered, no error logged', async (_, nav) => {
    vi.stubGlobal('navigator', nav)
    await expect(registerServiceWorker(() => {})).resolves.toBeUndefined()
    expect(errors).not.toHaveBeenCalled()
  })

  it.each<[string, () => Promise<unknown>]>([
    ['register refused (SecurityError)', () => Promise.reject(new DOMException('The operation is insecure.', 'SecurityError'))],
    // What blocked registrations answer in some browsers and test runners: nothing.
    ['register answers nothing', () => Promise.resolve(undefined)],
  ])('%s: no error logged', async (_, answer) => {
    const sw = container(answer)
    vi.stubGlobal('navigator', { serviceWorker: sw })
    await expect(registerServiceWorker(() => {})).resolves.toBeUndefined()
    expect(sw.register).toHaveBeenCalledTimes(1)
    expect(errors).not.toHaveBeenCalled()
  })
})

describe('registerServiceWorker where they are available', () => {
  it('registers /sw.js at the root and looks for an update every 5 minutes', async () => {
    vi.useFakeTimers()
    const reg = registration()
    const sw = container(() => Promise.resolve(reg))
    vi.stubGlobal('navigator', { serviceWorker: sw })
    const registering = registerServiceWorker(() => {})
    await Promise.resolve()
    // The first page comes first: nothing is registered before an idle moment.
    expect(sw.register).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await registering
    expect(warnings).not.toHaveBeenCalled()
    expect(sw.register).toHaveBeenCalledWith(SW_URL, { scope: '/' })
    expect(reg.update).not.toHaveBeenCalled()
    vi.advanceTimersByTime(SW_UPDATE_CHECK_MS)
    expect(reg.update).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(SW_UPDATE_CHECK_MS)
    expect(reg.update).toHaveBeenCalledTimes(2)
    expect(errors).not.toHaveBeenCalled()
  })

  it('tells a waiting new version to skip waiting', async () => {
    const waiting = { scriptURL: `https://cinecircle.test${SW_URL}`, state: 'installed', postMessage: vi.fn(), addEventListener: vi.fn() }
    const sw = container(() => Promise.resolve({ ...registration(), waiting }))
    vi.stubGlobal('navigator', { serviceWorker: sw })
    await registerServiceWorker(() => {})
    await vi.waitFor(() => expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }, expect.anything()))
  })

  it.each<[string, unknown, boolean]>([
    ['a new version takes over: the auth and api caches go, the page reloads', { scriptURL: `https://cinecircle.test${SW_URL}`, addEventListener: vi.fn() }, true],
    ['the first worker takes over a fresh page: the auth and api caches go, no reload', null, false],
  ])('%s', async (_, controller, reloads) => {
    const names = ['cinecircle-api', 'auth-tokens', 'cinecircle-posters', 'workbox-precache-v2']
    const deleted: string[] = []
    vi.stubGlobal('caches', { keys: () => Promise.resolve(names), delete: (n: string) => Promise.resolve(deleted.push(n) > 0) })
    const reload = vi.fn()
    vi.stubGlobal('window', { location: { reload } })
    const sw = container(() => Promise.resolve(registration()), controller)
    vi.stubGlobal('navigator', { serviceWorker: sw })
    await registerServiceWorker(() => {})
    const onControllerChange = sw.addEventListener.mock.calls.find(([type]) => type === 'controllerchange')?.[1] as (e: Event) => void
    onControllerChange(new Event('controllerchange'))
    await vi.waitFor(() => expect(deleted).toEqual(['cinecircle-api', 'auth-tokens']))
    await new Promise((r) => setTimeout(r, 0))
    expect(reload).toHaveBeenCalledTimes(reloads ? 1 : 0)
  })

  it.each<[unknown, string | null]>([
    [{ type: 'NAVIGATE', url: '/movie/603' }, '/movie/603'],
    [{ type: 'NAVIGATE', url: '//evil.test/' }, null],
    [{ type: 'NAVIGATE', url: 'https://evil.test/' }, null],
    [{ type: 'OTHER', url: '/movie/603' }, null],
    [null, null],
  ])('a worker message %j navigates to %s', async (data, expected) => {
    const sw = container(() => Promise.resolve(registration()))
    vi.stubGlobal('navigator', { serviceWorker: sw })
    const navigate = vi.fn()
    await registerServiceWorker(navigate)
    const onMessage = sw.addEventListener.mock.calls.find(([type]) => type === 'message')?.[1] as (e: { data: unknown }) => void
    onMessage({ data })
    if (expected) expect(navigate).toHaveBeenCalledWith(expected)
    else expect(navigate).not.toHaveBeenCalled()
  })
})
