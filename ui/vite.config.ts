import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'

// The Go binary embeds ../pb_public. Vite empties that folder on every build, but git
// keeps it alive through pb_public/.gitkeep (so the server compiles before a UI build),
// so the file is written back once the bundle is on disk.
const outDir = fileURLToPath(new URL('../pb_public', import.meta.url))

function keepGitkeep(): Plugin {
  return {
    name: 'cinecircle:keep-gitkeep',
    apply: 'build',
    closeBundle() {
      writeFileSync(`${outDir}/.gitkeep`, '')
    },
  }
}

// The startup recovery (src/startup/recovery.js) must run even when the bundle cannot
// load, so it goes into index.html as an inline classic script; the Go server allows
// index.html's inline scripts in its CSP by their sha256 hashes.
function inlineStartupRecovery(): Plugin {
  const file = fileURLToPath(new URL('./src/startup/recovery.js', import.meta.url))
  return {
    name: 'cinecircle:inline-startup-recovery',
    transformIndexHtml() {
      return [{ tag: 'script', children: `\n${readFileSync(file, 'utf8')}`, injectTo: 'head' }]
    },
  }
}

const server = 'http://127.0.0.1:8090'

// The PWA (SPEC §1, §4): our own service worker (src/sw.ts, built to /sw.js, scope /) with
// the shell precached, and the web app manifest. main.tsx registers the worker in
// production builds only; the Go server sends /sw.js and the manifest with no-cache.
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  scope: '/',
  base: '/',
  manifest: {
    name: 'CineCircle',
    short_name: 'CineCircle',
    description: 'A social movie and TV diary for you and your friends.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#16151f',
    background_color: '#16151f',
    id: '/',
    categories: ['entertainment', 'social'],
    icons: [
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
  devOptions: { enabled: false },
})

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineStartupRecovery(), pwa, keepGitkeep()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    // The PocketBase server owns /api (our routes and its own) and /_ (its dashboard).
    proxy: {
      '/api': { target: server },
      '/_': { target: server },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
})
