// The pre-rendered landing page's own script (issue 26: a landing that ships almost no
// JavaScript). index.html carries the landing as HTML rendered at build time from
// components/landing/Landing.tsx (vite.config.ts); for a visitor, this small script moves
// it exactly as the React landing would, with the same rules (lib/landing, lib/taglines, lib/landingSteps,
// lib/landingMotion), and React never loads. vite.config.ts bundles it into one inline
// classic script at the end of index.html's body. When index.html's startup script decided
// for the member's app instead (src/startup/earlyUser.js), this script starts the app.
import { rememberInviteRef, safeSessionStorage } from '../lib/invite'
import { floatingEmojiLayout, floatingEmojiStyle, landingDotClass, landingOffset, landingPanelClass } from '../lib/landing'
import { rotateTaglines, TAGLINES } from '../lib/taglines'
import { landingSteps } from '../lib/landingSteps'
import { currentFloatingCount, subscribeFloatingCount } from '../lib/landingMotion'
import { SW_URL } from '../lib/serviceWorker'
import { DAISY_THEMES, parseThemePreference, resolveTheme, THEME_STORAGE_KEY } from '../lib/theme'

/** The app's entry file (/assets/index-….js), written in at build time. */
declare const __APP_ENTRY__: string

/** APP_SCRIPT_DONE: the event a deferred app start sends when its script has run or failed (src/startup/recovery.js waits for it). */
const APP_SCRIPT_DONE = 'cinecircle:app-script'

const root = document.querySelector<HTMLElement>('#landing [data-landing="root"]')

if (document.documentElement.dataset.start !== 'landing' || !root) {
  // A member, or any page but /: the app starts here, where #root is parsed (the startup
  // script already preloads it), and the landing's markup leaves (the CSS hid it until now).
  document.getElementById('landing')?.remove()
  const html = document.documentElement
  const start = () => {
    const app = document.createElement('script')
    app.type = 'module'
    app.crossOrigin = ''
    app.src = __APP_ENTRY__
    // The startup recovery (src/startup/recovery.js) judges a deferred start once its
    // script has run or failed: main.tsx marks data-app="started" when it runs.
    const ran = () => {
      if (html.dataset.app === 'deferred') html.dataset.app = 'stopped'
      window.dispatchEvent(new Event(APP_SCRIPT_DONE))
    }
    app.addEventListener('load', ran)
    app.addEventListener('error', ran)
    document.head.appendChild(app)
  }
  // A member at / sees the home's skeleton (#first-paint) painted before the app's code
  // runs: the app starts right after that paint (the startup script's afterFirstPaint; the
  // page's load event may come first: data-app="deferred" tells the recovery to wait). A
  // hidden tab, which paints nothing, starts at once.
  const afterPaint = window.__cinecircleAfterPaint
  if (html.dataset.firstPaint === 'home' && afterPaint) {
    html.dataset.app = 'deferred'
    afterPaint(start)
  } else {
    start()
  }
} else {
  // Recovery (src/startup/recovery.js) counts this as the page's code having started.
  document.documentElement.dataset.app = 'started'
  // An invite link (/?ref={id}, SPEC §9) lands here: remember the inviter for the sign-up form.
  rememberInviteRef(location.search, safeSessionStorage())
  followTheme()

  const all = (part: string) => [...root.querySelectorAll<HTMLElement>(`[data-landing="${part}"]`)]
  const one = (part: string) => root.querySelector<HTMLElement>(`[data-landing="${part}"]`)
  const track = one('track')
  const sections = all('section')
  const panels = all('panel')
  const dots = all('dot')

  const show = (index: number) => {
    if (track) track.style.transform = landingOffset(index)
    sections.forEach((s, i) => (s.inert = i !== index))
    panels.forEach((p, i) => (p.className = landingPanelClass(i === index)))
    dots.forEach((d, i) => {
      if (i === index) d.setAttribute('aria-current', 'step')
      else d.removeAttribute('aria-current')
      const bar = d.firstElementChild
      if (bar) bar.className = landingDotClass(i === index)
    })
  }
  const steps = landingSteps(show)
  window.addEventListener('keydown', (e) => steps.key(e))
  root.addEventListener('wheel', (e) => steps.wheel(e.deltaY), { passive: true })
  root.addEventListener('touchstart', (e) => {
    const t = e.touches[0]
    if (t) steps.touchStart(t.clientY, e.timeStamp)
  }, { passive: true })
  root.addEventListener('touchend', (e) => {
    const t = e.changedTouches[0]
    if (t) steps.touchEnd(t.clientY, e.timeStamp)
  })
  dots.forEach((d, i) => d.addEventListener('click', () => steps.jump(i)))
  one('next')?.addEventListener('click', () => steps.step(1))

  const tagline = one('tagline')
  if (tagline) {
    rotateTaglines((index, visible) => {
      tagline.dataset.visible = String(visible)
      tagline.textContent = TAGLINES[index] ?? ''
    })
  }

  const emojis = one('emojis')
  const float = () => {
    if (!emojis) return
    const layout = floatingEmojiLayout(currentFloatingCount())
    if (emojis.childElementCount === layout.length) return
    emojis.replaceChildren(
      ...layout.map((e) => {
        const span = document.createElement('span')
        span.className = 'floating-emoji'
        Object.assign(span.style, floatingEmojiStyle(e))
        span.textContent = e.emoji
        return span
      }),
    )
    emojis.hidden = layout.length === 0
  }
  // After the first paint, not during it: the decoration reads the window's width (a layout).
  // The PWA's worker (SPEC §4) installs from the landing too, so the site is installable and
  // opens offline; its update cycle runs in the app (lib/serviceWorker.ts), whose first page
  // takes over from here.
  const afterLoad = () => {
    float()
    subscribeFloatingCount(float)
    if ('serviceWorker' in navigator) navigator.serviceWorker.register(SW_URL, { scope: '/' }).catch(() => {})
  }
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
}

/**
 * followTheme keeps the landing's theme as the app keeps its own (hooks/useTheme.ts): a
 * choice made in another tab applies at once, and while the choice is 'system' the page
 * follows the operating system's setting live.
 */
function followTheme() {
  const dark = window.matchMedia('(prefers-color-scheme: dark)')
  const apply = () => {
    let stored: string | null = null
    try {
      stored = localStorage.getItem(THEME_STORAGE_KEY)
    } catch {
      // storage blocked: the default preference
    }
    document.documentElement.dataset.theme = DAISY_THEMES[resolveTheme(parseThemePreference(stored), dark.matches)]
  }
  window.addEventListener('storage', (e) => {
    if (e.key === THEME_STORAGE_KEY) apply()
  })
  dark.addEventListener('change', apply)
}
