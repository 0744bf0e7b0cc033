// Early "who is here" (issue: performance). Everything the first page loads depends on
// whether a member is signed in, so this classic script asks at once, while the app's
// code is still downloading: vite.config.ts inlines it into index.html's <head>, before
// the stylesheet, which would hold it back (the server's CSP allows it by its hash), and main.tsx takes the answer
// (src/startup/early.ts). Same request as the app's own (SPEC §7: the session cookie and
// the cache header). When a member opens the home page, the member shell's and the home
// page's code (their files, written in at build time) start downloading with the entry.
;(function () {
  var homeFiles = /* HOME_FILES */ []
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
    homeFiles.forEach(function (href) {
      var link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      document.head.appendChild(link)
    })
  }, function () {})
})()
