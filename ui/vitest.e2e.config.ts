import { defineConfig } from 'vitest/config'

// End-to-end tests: the real server binary and a real Chromium. Each file starts one
// server in beforeAll; files run in parallel on at most two workers (2-core machines),
// tests inside a file run one after another.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
})
