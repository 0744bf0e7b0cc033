// Early "who is here" (issue: performance). Everything the first page loads depends on
// whether a member is signed in, so this classic script asks at once, while the app's
// code is still downloading: vite.config.ts inlines it into index.html's <head> (the
// server's CSP allows it by its hash) and main.tsx takes the answer (src/startup/early.ts).
// Same request as the app's own (SPEC §7: the session cookie and the cache header).
;(function () {
  try {
    window.__cinecircleUser = fetch('/api/auth/user', {
      credentials: 'include',
      headers: { 'Cache-Control': 'public, max-age=300' },
    })
  } catch {
    // no fetch here: the app asks itself
  }
})()
