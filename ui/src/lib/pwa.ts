// The installed-app side of the PWA (SPEC §2 avatar menu, §4 install prompt, service
// worker and full reset, §8 clear cache, §9 delays): is the app installed, can the
// browser install it, and how to start over from a clean slate.
import { THEME_STORAGE_KEY } from './theme'

export const SW_URL = '/sw.js'
/** A full reset registers the service worker again this long after unregistering it. */
export const SW_REREGISTER_DELAY_MS = 1000
/** After 'Cache Cleared' the page reloads this long after (SPEC §8). */
export const CACHE_CLEARED_RELOAD_MS = 2000
/** 'Not now' on the install card keeps it away this long. */
export const INSTALL_SNOOZE_MS = 14 * 24 * 60 * 60 * 1000
export const INSTALL_SNOOZE_KEY = 'cinecircle-install-snoozed'

/** The event Chromium fires when the app can be installed (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type InstallPlatform = 'ios' | 'android' | 'desktop'

/**
 * installPlatform picks the install instructions to show first: iPhone and iPad Safari
 * (iPadOS reports itself as a Mac with a touch screen), Android Chrome, else desktop
 * Chrome or Edge.
 */
export function installPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios'
  if (/Android/.test(userAgent)) return 'android'
  return 'desktop'
}

/** isStandalone: the app runs installed (its own window, no browser UI). */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches || window.matchMedia('(display-mode: fullscreen)').matches
}

/**
 * shouldShowInstallCard (SPEC §4 install prompt): the card appears when the browser
 * offers installation and the app is not already installed, unless 'Not now' was
 * chosen in the last two weeks.
 */
export function shouldShowInstallCard(state: { canPrompt: boolean; standalone: boolean; snoozedAt: number | null; now: number }): boolean {
  if (!state.canPrompt || state.standalone) return false
  return state.snoozedAt === null || state.now - state.snoozedAt >= INSTALL_SNOOZE_MS
}

/** parseSnooze reads the stored 'Not now' time; anything else means never snoozed. */
export function parseSnooze(stored: string | null): number | null {
  const n = stored === null ? NaN : Number(stored)
  return Number.isFinite(n) && n > 0 ? n : null
}

export interface InstallState {
  /** The browser's deferred install prompt, when it offered one. */
  prompt: BeforeInstallPromptEvent | null
  installed: boolean
}

declare global {
  interface Window {
    /** What index.html's install offer capture (src/startup/installOffer.js) saw before this code loaded. */
    __cinecircleInstall?: InstallState
  }
}

/**
 * createInstallStore keeps the browser's install offer (beforeinstallprompt, whose
 * default mini-infobar is suppressed so the card can ask instead) and notices an
 * install (appinstalled). An offer can be used once: prompt() forgets it. It starts from
 * what was seen before it existed (early: index.html's startup capture).
 */
export function createInstallStore(target: Pick<Window, 'addEventListener'> | null, early?: InstallState) {
  let state: InstallState = { prompt: early?.prompt ?? null, installed: early?.installed ?? false }
  const listeners = new Set<() => void>()
  const set = (next: InstallState) => {
    state = next
    listeners.forEach((l) => l())
  }
  target?.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    set({ ...state, prompt: event as BeforeInstallPromptEvent })
  })
  target?.addEventListener('appinstalled', () => set({ prompt: null, installed: true }))

  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** prompt shows the browser's install dialog; it resolves with the member's choice. */
    prompt: async (): Promise<'accepted' | 'dismissed' | 'unavailable'> => {
      const offer = state.prompt
      if (!offer) return 'unavailable'
      set({ ...state, prompt: null })
      await offer.prompt()
      const { outcome } = await offer.userChoice
      if (outcome === 'accepted') set({ prompt: null, installed: true })
      return outcome
    },
  }
}

export const installStore = createInstallStore(typeof window === 'undefined' ? null : window, typeof window === 'undefined' ? undefined : window.__cinecircleInstall)

/** isVolatileCache: the caches a new service worker version drops (SPEC §4): auth and api. */
export function isVolatileCache(name: string): boolean {
  return name.includes('auth') || name.includes('api')
}

async function deleteCaches(keep: (name: string) => boolean = () => false) {
  if (!('caches' in window)) return
  const names = await caches.keys()
  await Promise.all(names.filter((n) => !keep(n)).map((n) => caches.delete(n)))
}

async function deleteDatabases() {
  if (!('indexedDB' in window) || typeof indexedDB.databases !== 'function') return
  const dbs = await indexedDB.databases()
  await Promise.all(
    dbs.map(
      (db) =>
        new Promise<void>((resolve) => {
          if (!db.name) return resolve()
          const req = indexedDB.deleteDatabase(db.name)
          req.onsuccess = req.onerror = req.onblocked = () => resolve()
        }),
    ),
  )
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * fullReset (SPEC §4): clears every cache, local and session storage and IndexedDB,
 * unregisters the service workers, then registers ours again after 1 s so the next load
 * is served fresh and the app stays installable. The theme choice is a preference, not
 * a cache: it survives (a reset should not flip the screen from dark to light).
 */
export async function fullReset(): Promise<void> {
  let theme: string | null = null
  try {
    theme = localStorage.getItem(THEME_STORAGE_KEY)
    localStorage.clear()
    sessionStorage.clear()
    if (theme !== null) localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // storage may be disabled; the caches below are what matters
  }
  await deleteCaches()
  await deleteDatabases()
  if (!('serviceWorker' in navigator)) return
  const registrations = await navigator.serviceWorker.getRegistrations()
  await Promise.all(registrations.map((r) => r.unregister()))
  if (!import.meta.env.PROD) return
  await wait(SW_REREGISTER_DELAY_MS)
  await navigator.serviceWorker.register(SW_URL, { scope: '/' })
}

/** refreshApp (installed mode): look for a new version, then load the page again. */
export async function refreshApp(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    await registration?.update()
  } catch {
    // offline or no worker: a plain reload still helps
  }
  window.location.reload()
}
