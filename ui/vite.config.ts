import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
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

const server = 'http://127.0.0.1:8090'

export default defineConfig({
  plugins: [react(), tailwindcss(), keepGitkeep()],
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
