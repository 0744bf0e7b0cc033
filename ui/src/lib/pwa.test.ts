import { describe, expect, it } from 'vitest'
import {
  createInstallStore,
  INSTALL_SNOOZE_MS,
  installPlatform,
  parseSnooze,
  shouldShowInstallCard,
  type BeforeInstallPromptEvent,
} from './pwa'
import { isVolatileCache } from './caches'

describe('installPlatform', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1', 0, 'ios'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 5, 'ios'],
    // iPadOS asks for the desktop site: a Mac with a touch screen.
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15', 5, 'ios'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 Chrome/130.0 Safari/537.36', 0, 'desktop'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36', 5, 'android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0', 0, 'desktop'],
  ])('%s (%i touch points) → %s', (ua, touch, expected) => {
    expect(installPlatform(ua, touch)).toBe(expected)
  })
})

describe('shouldShowInstallCard (SPEC §4 install prompt)', () => {
  const now = 1_000_000_000_000
  it.each([
    ['the browser offers it', { canPrompt: true, standalone: false, snoozedAt: null }, true],
    ['no offer from the browser', { canPrompt: false, standalone: false, snoozedAt: null }, false],
    ['already installed', { canPrompt: true, standalone: true, snoozedAt: null }, false],
    ["'Not now' an hour ago", { canPrompt: true, standalone: false, snoozedAt: now - 3_600_000 }, false],
    ["'Not now' two weeks ago", { canPrompt: true, standalone: false, snoozedAt: now - INSTALL_SNOOZE_MS }, true],
  ])('%s', (_, state, expected) => {
    expect(shouldShowInstallCard({ ...state, now })).toBe(expected)
  })
})

describe('parseSnooze', () => {
  it.each([
    [null, null],
    ['', null],
    ['soon', null],
    ['-5', null],
    ['1700000000000', 1_700_000_000_000],
  ])('%j → %j', (stored, expected) => {
    expect(parseSnooze(stored)).toBe(expected)
  })
})

describe('isVolatileCache (SPEC §4: caches named auth or api go on controller change)', () => {
  it.each([
    ['cinecircle-api', true],
    ['auth-tokens', true],
    ['cinecircle-posters', false],
    ['workbox-precache-v2-https://example.test/', false],
  ])('%s → %s', (name, expected) => {
    expect(isVolatileCache(name)).toBe(expected)
  })
})

/** offer builds a beforeinstallprompt event whose dialog answers outcome. */
function offer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent
  let prompted = 0
  Object.assign(event, {
    prompt: () => {
      prompted += 1
      return Promise.resolve()
    },
    userChoice: Promise.resolve({ outcome }),
  })
  return { event, prompted: () => prompted }
}

describe('createInstallStore', () => {
  it('keeps the browser offer (suppressing its mini-infobar) and uses it once', async () => {
    const target = new EventTarget()
    const store = createInstallStore(target)
    let changes = 0
    store.subscribe(() => changes++)
    expect(await store.prompt()).toBe('unavailable')

    const o = offer('dismissed')
    target.dispatchEvent(o.event)
    expect(o.event.defaultPrevented).toBe(true)
    expect(store.getState().prompt).toBe(o.event)
    expect(await store.prompt()).toBe('dismissed')
    expect(o.prompted()).toBe(1)
    expect(store.getState()).toEqual({ prompt: null, installed: false })
    expect(await store.prompt()).toBe('unavailable')
    expect(changes).toBe(2)
  })

  it('counts the app installed after an accepted prompt or the appinstalled event', async () => {
    const target = new EventTarget()
    const store = createInstallStore(target)
    target.dispatchEvent(offer('accepted').event)
    expect(await store.prompt()).toBe('accepted')
    expect(store.getState().installed).toBe(true)

    const other = createInstallStore(target)
    target.dispatchEvent(new Event('appinstalled'))
    expect(other.getState()).toEqual({ prompt: null, installed: true })
  })

  it('starts from the offer the startup script kept before the store existed', async () => {
    const early = offer('accepted')
    const store = createInstallStore(new EventTarget(), { prompt: early.event, installed: false })
    expect(store.getState().prompt).toBe(early.event)
    expect(await store.prompt()).toBe('accepted')
    expect(early.prompted()).toBe(1)
    expect(createInstallStore(null, { prompt: null, installed: true }).getState().installed).toBe(true)
  })
})
