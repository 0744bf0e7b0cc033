import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH, CHROMIUM_SHELL_PATH } from './e2e/harness'

// End-to-end tests: the real server binary and Debian's Chromium (no browser download): its
// headless shell for most tests, the whole browser for those tagged @browser, which need what
// only the browser has (e2e/harness.ts).
// Each file gets one server of its own (the `server` fixture in e2e/fixtures.ts), its data
// dir copied from a template built once per run (e2e/global-setup.ts, e2e/harness.ts).
// Tests are independent (fresh browser contexts, members of their own), so they spread over
// three workers one test at a time: the suite mostly waits on the browser and the server, and
// a third worker keeps two cores busy (a worker that picks up a test of another file starts
// that file's server, ~0.4 s). E2E_WORKERS overrides the count. A test that fails is run once
// more with a trace (Playwright's own CI setting: recording every passing test costs a fifth
// of the suite's CPU); the trace is kept under test-results/, and the run lists it as flaky
// if the second attempt passes.
//
// The suite's time is Chromium's CPU (about four fifths of it, measured by process). So most
// tests run in the headless shell (the whole suite: 412 → 265 CPU-s, 26 November), and by
// default a context registers no service worker (each one would precache the whole 1.6 MB
// build) and asks for reduced motion (no landing or loading animations painting frames
// while a test waits); the files that test those (pwa, landing, the push test) turn them
// back on with test.use. CHROMIUM_ARGS runs pages' scripts without V8's optimising
// compiler, which short test pages never pay back. Together: a third less CPU and wall time
// on lists and account (bench/NOTES.md).
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results/e2e',
  globalSetup: './e2e/global-setup.ts',
  workers: Number(process.env.E2E_WORKERS ?? 3),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    trace: 'on-first-retry',
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  },
  projects: [
    { name: 'headless-shell', grepInvert: /@browser/, use: { launchOptions: { executablePath: CHROMIUM_SHELL_PATH, args: CHROMIUM_ARGS } } },
    { name: 'chromium', grep: /@browser/, use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } } },
  ],
})
