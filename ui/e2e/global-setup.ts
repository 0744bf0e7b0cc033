// The run's global setup: a directory for the template data dirs every server starts
// from (harness.ts builds each on first use), removed when the run ends.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEMPLATES_ENV } from './harness'

export default async function globalSetup() {
  const dir = await mkdtemp(join(tmpdir(), 'cinecircle-e2e-templates-'))
  process.env[TEMPLATES_ENV] = dir
  return () => rm(dir, { recursive: true, force: true })
}
