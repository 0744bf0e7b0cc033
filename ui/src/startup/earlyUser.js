// Early "who is here" (issue: performance). Everything the first page loads depends on
// whether a member is signed in, so this classic script asks at once, while the app's
// code is still downloading: vite.config.ts inlines it into index.html's <head>, before
// the stylesheet, which would hold it back (the server's CSP allows it by its hash), and main.tsx takes the answer
// (src/startup/early.ts). Same request as the app's own (SPEC §7: the session cookie and
// the cache header). When a member opens the home page, the member shell's and the home
// page's code (their files, written in at build time) start downloading with the entry.
// A visitor at / gets no app at all: index.html is the pre-rendered landing page, moved by
// its own small script (src/landing/static.ts). Who is a member is known before the first
// paint from the session's hint cookie (hooks/auth MemberCookie, set and cleared with the
// HttpOnly session), so a member never sees the landing flash: <html data-start="app"> hides
// it (index.css) and the app's files (written in at build time) start downloading now.
;(function () {
  var homeFiles = /* HOME_FILES */ []
  var appFiles = /* APP_FILES */ []
  var member = /(?:^|;\s*)cinecircle_member=1(?:;|$)/.test(document.cookie)
  var app = member || location.pathname !== '/'
  document.documentElement.dataset.start = app ? 'app' : 'landing'
  if (!app) return
  function preload(href) {
    var link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.appendChild(link)
  }
  appFiles.forEach(preload)
  try {
    window.__cinecircleUser = fetch('/api/auth/user', {
      credentials: 'include',
      headers: { 'Cache-Control': 'public, max-age=300' },
    })
  } catch {
    return // no fetch here: the app asks itself
  }
  window.__cinecircleUser.then(function (res) {
    if (!res.ok || location.pathname !== '/') return
    homeFiles.forEach(preload)
  }, function () {})
})()
