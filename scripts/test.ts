import fs from 'node:fs'
import path from 'node:path'

import {ensureChromium} from './lib/ensure-chromium.ts'
import {runCommand} from './lib/run-command.ts'
import {ensureVarnish} from './lib/varnish.ts'

/**
 * `npm test`: the whole suite. The lint rules (import circles and boundaries among them), unit and integration
 * tests (vitest, against real lakes it starts), then end-to-end tests (Playwright in Debian's Chromium against the
 * stack as `npm start` runs it).
 * Ends with one "N passed, N failed" line counting both.
 */
const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)
// Not test-results/: Playwright empties its output folder when it starts.
const reports = path.join(root, '.data/test-reports')
fs.mkdirSync(reports, {recursive: true})

let failedStep: string | undefined
async function step(name: string, run: () => Promise<void>) {
  console.log(`\n== ${name} ==`)
  try {
    await run()
  } catch (error) {
    console.error(`${name} failed: ${(error as Error).message}`)
    failedStep ??= name
  }
}

await step('Chromium', () => ensureChromium())
await step('Varnish', () => ensureVarnish())
await step('Generated Sanity types are current', () =>
  runCommand(process.execPath, ['scripts/typegen.ts', '--check'], {cwd: path.join(root, 'studio'), env: {SANITY_TELEMETRY_DISABLED: '1'}}),
)
await step('Lint (eslint)', () => runCommand(bin('eslint'), ['.'], {cwd: root}))
const vitestReport = path.join(reports, 'vitest.json')
await step('Unit and integration tests (vitest)', () =>
  runCommand(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], {cwd: root}),
)
const playwrightReport = path.join(reports, 'playwright.json')
// The stack under test always starts from an empty data directory and the seed.
fs.rmSync(path.join(root, '.data/e2e'), {recursive: true, force: true})
await step('End-to-end tests (Playwright, Chromium)', () =>
  runCommand(bin('playwright'), ['test', '--config', 'tests/playwright.config.ts', '--reporter=list,json'], {
    cwd: root,
    env: {PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport},
  }),
)

function readJson<T>(file: string): T | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined
}
const vitest = readJson<{numPassedTests: number; numFailedTests: number}>(vitestReport)
const playwright = readJson<{stats: {expected: number; unexpected: number; flaky: number}}>(playwrightReport)
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats.expected ?? 0) + (playwright?.stats.flaky ?? 0)
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats.unexpected ?? 0)
console.log(`\nTests: ${passed} passed, ${failed} failed`)
if (failedStep || failed > 0 || passed === 0) {
  console.error(failedStep ? `First failing step: ${failedStep}` : 'Some tests failed.')
  process.exit(1)
}
