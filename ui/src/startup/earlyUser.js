// Early "who is here" (issue: performance). Everything the first page loads depends on
// whether a member is signed in, so this classic script asks at once, while the app's
// code is still downloading: vite.config.ts inlines it into index.html's <head>, before
// the stylesheet, which would hold it back (the server's CSP allows it by its hash), and the
// app's fetcher takes the answers (src/startup/early.ts). Same requests as the app's own
// (SPEC §7: the session cookie and the cache header).
// A visitor at / gets no app at all: index.html is the pre-rendered landing page, moved by
// its own small script (src/landing/static.ts). Who is a member is known before the first
// paint from the session's hint cookie (hooks/auth MemberCookie, set and cleared with the
// HttpOnly session), so a member never sees the landing flash: <html data-start="app"> hides
// it (index.css) and the app's files (written in at build time) start downloading now.
// A member opening / sees the home's frame at once (<html data-first-paint="home"> shows
// index.html's pre-rendered one, components/layout/HomeSkeleton.tsx), and the home's own
// files and its first screen's data (startup/homeAnswers.ts) are asked for with the app's.
;(function () {
  var homeFiles = /* HOME_FILES */ []
  var appFiles = /* APP_FILES */ []
  var answers = /* HOME_ANSWERS */ { all: [], large: [], largeMedia: 'all' }
  var member = /(?:^|;\s*)cinecircle_member=1(?:;|$)/.test(document.cookie)
  var app = member || location.pathname !== '/'
  var home = member && location.pathname === '/'
  var root = document.documentElement
  root.dataset.start = app ? 'app' : 'landing'
  if (home) root.dataset.firstPaint = 'home'
  if (!app) return
  function preload(href) {
    var link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.appendChild(link)
  }
  var early = (window.__cinecircleEarly = {})
  function ask(url) {
    try {
      var res = fetch(url, { credentials: 'include', headers: { 'Cache-Control': 'public, max-age=300' } })
      res.catch(function () {})
      early[url] = { at: Date.now(), res: res }
    } catch {
      // no fetch here: the app asks itself
    }
  }
  function go() {
    appFiles.forEach(preload)
    ask('/api/auth/user')
    if (!home) return
    homeFiles.forEach(preload)
    answers.all.forEach(ask)
    if (window.matchMedia && window.matchMedia(answers.largeMedia).matches) answers.large.forEach(ask)
  }
  // At / the skeleton paints first, with nothing else in flight; the app's files and data
  // follow right after that paint (src/landing/static.ts starts the app then too, through
  // window.__cinecircleAfterPaint). A hidden tab paints nothing: it starts at once.
  if (home && document.visibilityState === 'visible') {
    window.__cinecircleAfterPaint = afterFirstPaint
    afterFirstPaint(go)
  } else {
    go()
  }

  // afterFirstPaint runs fn once the page has painted its first content (the paint timing
  // entry; two frames where the browser has none; half a second at the latest).
  function afterFirstPaint(fn) {
    var done = false
    function run() {
      if (done) return
      done = true
      setTimeout(fn, 0)
    }
    setTimeout(run, 500)
    try {
      if (performance.getEntriesByName('first-contentful-paint').length) return run()
      new PerformanceObserver(function (list, observer) {
        observer.disconnect()
        run()
      }).observe({ type: 'paint' })
    } catch {
      requestAnimationFrame(function () {
        requestAnimationFrame(run)
      })
    }
  }
})()
