// Install offer capture (SPEC §4 install prompt). Chromium may offer installation
// (beforeinstallprompt) before the app's code has loaded, and the code that uses the
// offer (lib/pwa, with the member's shell) loads on demand, so this classic script keeps
// the offer from the start: vite.config.ts inlines it into index.html's <head> (the
// server's CSP allows it by its hash) and lib/pwa's install store starts from it.
;(function () {
  var early = (window.__cinecircleInstall = { prompt: null, installed: false })
  window.addEventListener('beforeinstallprompt', function (e) {
    e.preventDefault() // the card asks instead of the browser's mini-infobar
    early.prompt = e
  })
  window.addEventListener('appinstalled', function () {
    early.prompt = null
    early.installed = true
  })
})()
