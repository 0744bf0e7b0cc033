import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build, runnerImport, transformWithOxc, type Plugin, type Rolldown } from 'vite'
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

// The startup scripts must run before (or without) the bundle: the recovery
// (src/startup/recovery.js) even when the bundle cannot load, the install offer capture
// (src/startup/installOffer.js) before the install code loads on demand, the early
// /api/auth/user request (src/startup/earlyUser.js) while the bundle downloads, right after
// the charset so it does not wait for the stylesheet. They go into index.html as inline classic
// scripts; the Go server allows index.html's inline scripts in its CSP by their sha256 hashes.
// The recovery clears caches by the app's own rule (src/lib/caches.ts), written into it here.
function inlineStartupScripts(): Plugin {
  const read = (f: string) => readFileSync(fileURLToPath(new URL(`./src/${f}`, import.meta.url)), 'utf8')
  const cachesRule = async () => {
    const { code } = await transformWithOxc(read('lib/caches.ts'), 'caches.ts', { lang: 'ts' })
    return code.replace(/^export /gm, '').trim()
  }
  return {
    name: 'cinecircle:inline-startup-scripts',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const answersMarker = "/* HOME_ANSWERS */ { all: [], large: [], largeMedia: 'all' }"
        const script = read('startup/earlyUser.js')
        if (!script.includes(answersMarker)) throw new Error('startup/earlyUser.js: the /* HOME_ANSWERS */ marker is missing')
        const { HOME_ANSWERS } = await importSrc<{ HOME_ANSWERS: unknown }>('startup/homeAnswers.ts')
        const early = script.replace('/* HOME_FILES */ []', JSON.stringify(homeFiles(ctx.bundle))).replace(answersMarker, JSON.stringify(HOME_ANSWERS))
        const recovery = read('startup/recovery.js')
        if (!recovery.includes('/* CACHES_RULE */')) throw new Error('startup/recovery.js: the /* CACHES_RULE */ marker is missing')
        const charset = '<meta charset="UTF-8" />'
        if (!html.includes(charset)) throw new Error(`index.html: the early request goes after ${charset}, which is missing`)
        return {
          html: html.replace(charset, `${charset}\n    <script>\n${early}</script>`),
          tags: [recovery.replace('/* CACHES_RULE */', await cachesRule()), read('startup/installOffer.js')].map((code) => ({
            tag: 'script',
            children: `\n${code}`,
            injectTo: 'head' as const,
          })),
        }
      },
    },
  }
}

// The landing page ships almost no JavaScript (issue 26). For a visitor at /, index.html is
// the landing itself: components/landing/Landing.tsx rendered to HTML here at build time
// (src/landing/prerender.tsx), moved by src/landing/static.ts, bundled into one inline classic
// script at the end of the body. The app's entry is no longer a static <script>: the startup
// script (src/startup/earlyUser.js) preloads it at once for a member or any other page, and
// the body's script starts it there (or hides nothing and runs the landing). #root carries
// the member home's skeleton (components/layout/HomeSkeleton.tsx), shown only when the
// startup script finds a member at / (<html data-first-paint="home">) and replaced by the
// app's first render, which shows the same. Runs after inlineStartupScripts, whose early
// script gets the entry's files here.
function prerenderLanding(): Plugin {
  const src = (f: string) => fileURLToPath(new URL(`./src/${f}`, import.meta.url))
  const root = fileURLToPath(new URL('.', import.meta.url))
  return {
    name: 'cinecircle:prerender-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
        const entry = entryTag.exec(html)?.[1]
        if (!entry) throw new Error('index.html: the app entry <script type="module"> is missing')
        const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]
        const appFiles = [entry, ...preloads.map((m) => m[1]!)]
        const appFilesMarker = '/* APP_FILES */ []'
        if (!html.includes(appFilesMarker)) throw new Error(`index.html: the startup script lacks ${appFilesMarker}`)
        const rootDiv = '<div id="root"></div>'
        if (!html.includes(rootDiv)) throw new Error(`index.html: ${rootDiv} is missing`)

        const prerender = await importSrc<{ renderLanding: () => string; renderHomeSkeleton: () => string }>('landing/prerender.tsx')
        const script = await bundleClassic(src('landing/static.ts'), root, { __APP_ENTRY__: JSON.stringify(entry) })
        return preloads
          .reduce((h, m) => h.replace(m[0], ''), html.replace(entryTag, ''))
          .replace(appFilesMarker, JSON.stringify(appFiles))
          .replace(
            rootDiv,
            `<div id="landing">${prerender.renderLanding()}</div>\n    <div id="root"><div id="first-paint">${prerender.renderHomeSkeleton()}</div></div>\n    <script>\n${script}</script>`,
          )
      },
    },
  }
}

/** importSrc runs a module of src/ at build time (Vite's module runner) and returns its exports. */
async function importSrc<T>(file: string): Promise<T> {
  const root = fileURLToPath(new URL('.', import.meta.url))
  const { module } = await runnerImport<T>(fileURLToPath(new URL(`./src/${file}`, import.meta.url)), { configFile: false, root, logLevel: 'warn' })
  return module
}

/** bundleClassic bundles entry and its imports into one minified classic script (an IIFE). */
async function bundleClassic(entry: string, root: string, define: Record<string, string>): Promise<string> {
  const out = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    define,
    build: { write: false, minify: true, lib: { entry, formats: ['iife'], name: 'cinecircleLanding' }, rolldownOptions: { output: { codeSplitting: false } } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
  const chunk = [out].flat()[0]?.output[0]
  if (!chunk || chunk.type !== 'chunk') throw new Error(`${entry}: the bundle is empty`)
  return chunk.code
}

/**
 * reactRouterProduction: React Router's production build in the bundle. Its package sends
 * every bundler to the development build (react-router issue #14102), whose dev warnings
 * (long messages, console warnings in a member's browser) cost the entry 0.6 KB gzip; the
 * production build is the same code with them off. Dev and Vitest keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const production = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url))
  return {
    name: 'cinecircle:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' ? production : null
    },
  }
}

// The signed-in home's code beyond the entry: the member shell and the home page. homeFiles
// preloads their files; the `member` chunk holds what they share with other chunks.
const HOME_ROOTS = /src[\\/](components[\\/]layout[\\/]AppShell|routes[\\/]Home)\.tsx$/

/**
 * staticGraph: the modules that roots import statically (the modules whose ids match roots,
 * and what they import, transitively), known once the module graph is built, before the
 * chunks are made: has(id) answers the codeSplitting group that bundles them (with an
 * empty graph before). Its plugin collects them, and fails the build when no module
 * matches roots (a root renamed would otherwise quietly undo the split).
 */
function staticGraph(name: string, roots: RegExp): { plugin: Plugin; has: (id: string) => boolean } {
  const modules = new Set<string>()
  return {
    has: (id) => modules.has(id),
    plugin: {
      name: `cinecircle:static-graph-${name}`,
      apply: 'build',
      buildEnd() {
        modules.clear()
        const visit = (id: string) => {
          if (modules.has(id)) return
          modules.add(id)
          this.getModuleInfo(id)?.importedIds.forEach(visit)
        }
        for (const id of this.getModuleIds()) if (roots.test(id)) visit(id)
        if (modules.size === 0) this.error(`${name}: no module matches ${roots}`)
      },
    },
  }
}
const home = staticGraph('home', HOME_ROOTS)
// The add dialog, whose code the member shell fetches a few seconds after the start
// (components/diary/AddDialogHost.tsx).
const addDialog = staticGraph('add-dialog', /src[\\/]components[\\/]diary[\\/]AddDialog\.tsx$/)

type Bundle = NonNullable<Parameters<Extract<NonNullable<Plugin['generateBundle']>, (...args: never[]) => unknown>>[1]>

/**
 * homeFiles: the code files a member's home page needs beyond the entry: the member shell
 * and the home page (HOME_ROOTS) with the chunks they import, as /assets/... paths (none in
 * dev, where there is no bundle).
 */
function homeFiles(bundle: Bundle | undefined): string[] {
  if (!bundle) return []
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const files = new Set<string>()
  const add = (fileName: string) => {
    const chunk = byFile.get(fileName)
    if (!chunk || chunk.isEntry || files.has(fileName)) return
    files.add(fileName)
    chunk.imports.forEach(add)
  }
  for (const c of chunks) if (HOME_ROOTS.test(c.facadeModuleId ?? '')) add(c.fileName)
  return [...files].map((f) => `/${f}`)
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
  plugins: [reactRouterProduction(), react(), tailwindcss(), home.plugin, addDialog.plugin, inlineStartupScripts(), prerenderLanding(), pwa, keepGitkeep()],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports has modulepreload; the polyfill only cost the entry bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the first page needs statically in one file, not five.
            { name: 'index', tags: ['$initial'] },
            // The landing's own code in one file, and what it shares with the other pages
            // in another (its icons, the logo, the title hook, the taglines, the invite): without them,
            // a visitor loads eight small files where two will do. Their dependencies are
            // in the entry or in these groups.
            {
              name: 'Landing',
              test: /src[\\/]components[\\/]landing[\\/](Landing|FloatingEmojis|useLandingSteps)\./,
              includeDependenciesRecursively: false,
            },
            {
              name: 'brand',
              test: /src[\\/](components[\\/](landing[\\/]TaglineRotator|layout[\\/]Logo|ui[\\/]landingIcons)|hooks[\\/]useDocumentTitle|lib[\\/](taglines|invite))\./,
              includeDependenciesRecursively: false,
            },
            // What the signed-in home loads first and shares with other chunks, in one file;
            // nothing else (issue 26: a module shared by two other pages, or by a dialog the
            // home loads when it opens, is not the home's to download).
            { name: 'member', test: home.has, minShareCount: 2 },
            // What the add dialog shares with other pages (the title picker, the rating and
            // review fields), beside it: the shell's early fetch of the dialog stays small.
            { name: 'diaryForm', test: addDialog.has, minShareCount: 2 },
            // The rest of what two chunks share (the other pages, the dialogs loaded on
            // opening) in one more file, not dozens of small ones.
            { name: 'pages', test: /src[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
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
