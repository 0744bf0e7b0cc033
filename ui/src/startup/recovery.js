/* global clearCaches -- src/lib/caches.ts, written in at build time (vite.config.ts) */
// Startup recovery (SPEC §4 startup corruption, §8 corruption screens, §9 delays). It must
// work when the app's own code cannot load, so vite.config.ts inlines this classic script
// into index.html's <head> at build time (the server's CSP allows it by its hash).
// - ?clear-cache, or the flag set below when a code chunk fails to load: clear local and
//   session storage, caches and service workers, then reload with ?fresh.
// - The app never started (main.tsx marks <html data-app="started">; a start deferred past
//   the home skeleton's first frame is judged once its script ran): the same, reloading
//   3 s later; if it fails again after such a fresh reload (or offline, where clearing
//   would only lose the offline copy), ask for a manual refresh instead of looping.
// - A failed clear still reloads, after 1 s.
// - A good start after a fresh reload drops the flag and ?fresh after 2 s.
;(function () {
  var FLAG = 'cinecircle-cache-corrupted'
  var url = new URL(location.href)
  var q = url.searchParams

  function storage(fn) {
    try {
      return fn()
    } catch {
      return null // storage disabled (private mode, policy)
    }
  }

  function screen(text) {
    var show = function () {
      var el = document.getElementById('recovery-screen') || document.createElement('div')
      el.id = 'recovery-screen'
      el.setAttribute('role', 'alert')
      el.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;justify-content:center;' +
        'padding:24px;text-align:center;font:600 18px/1.4 system-ui,sans-serif;background:#16151f;color:#f4f1ea'
      el.textContent = text
      document.body.appendChild(el)
    }
    if (document.body) show()
    else document.addEventListener('DOMContentLoaded', show)
  }

  // The caches rule (clearCaches): src/lib/caches.ts, written in here at build time.
  /* CACHES_RULE */

  function clearAll() {
    var jobs = [clearCaches('all')]
    storage(function () {
      localStorage.clear()
      sessionStorage.clear()
    })
    if (navigator.serviceWorker) {
      jobs.push(
        navigator.serviceWorker.getRegistrations().then(function (regs) {
          return Promise.all(regs.map(function (r) { return r.unregister() }))
        }),
      )
    }
    return Promise.all(jobs)
  }

  function reloadFresh() {
    q.delete('clear-cache')
    q.set('fresh', String(Date.now()))
    location.replace(url.pathname + url.search + url.hash)
  }

  function recover(text, delay) {
    screen(text)
    clearAll().then(
      function () { setTimeout(reloadFresh, delay) },
      function () { setTimeout(reloadFresh, 1000) },
    )
  }

  var flagged = storage(function () { return localStorage.getItem(FLAG) }) !== null
  if (q.has('clear-cache') || flagged) return recover('Detected corruption. Reloading for fresh start...', 0)

  // A lazily loaded chunk that is gone (an old version's file after an update) means the
  // cached app is stale: flag it and reload into the recovery above.
  window.addEventListener('vite:preloadError', function (e) {
    if (!navigator.onLine || q.has('fresh')) return
    e.preventDefault()
    storage(function () { localStorage.setItem(FLAG, String(Date.now())) })
    location.reload()
  })

  // The app's start at / waits for the home skeleton's first frame (src/landing/static.ts,
  // data-app="deferred"): then it is judged when its script has run or failed.
  window.addEventListener('load', function () {
    if (document.documentElement.dataset.app === 'deferred') {
      window.addEventListener('cinecircle:app-script', judge, { once: true })
    } else {
      judge()
    }
  })

  function judge() {
    if (document.documentElement.dataset.app === 'started') {
      if (q.has('fresh')) {
        setTimeout(function () {
          storage(function () { localStorage.removeItem(FLAG) })
          var now = new URL(location.href)
          now.searchParams.delete('fresh')
          history.replaceState(history.state, '', now.pathname + now.search + now.hash)
        }, 2000)
      }
      return
    }
    if (q.has('fresh') || !navigator.onLine) return screen('Critical DOM error. Please refresh manually.')
    recover('Critical error detected. Clearing cache and reloading...', 3000)
  }
})()
