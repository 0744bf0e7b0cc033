import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/harness'

// End-to-end tests: the real server binary and Debian's Chromium (no browser download).
// Each file gets one server of its own (the `server` fixture in e2e/fixtures.ts), its data
// dir copied from a template built once per run (e2e/global-setup.ts, e2e/harness.ts); files
// run on two workers (2-core machines) and a file's tests run in order on one of them,
// each test in fresh browser contexts. A failing test keeps its trace under test-results/.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'retain-on-failure',
  },
})
