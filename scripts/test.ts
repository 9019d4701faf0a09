import {spawn} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import {ensureChromium} from './lib/ensure-chromium.ts'
import {ensureVarnish} from './lib/varnish.ts'

/**
 * `npm test`: the whole suite. The lint rules (import circles and boundaries among them), unit and integration
 * tests (vitest, against real lakes it starts), then end-to-end tests (Playwright in Debian's Chromium against the
 * stack as `npm start` runs it).
 *
 * After Chromium and Varnish are in place: the typegen check and the lint together, then vitest, then Playwright
 * (docs/decisions/191-a-quieter-suite-that-can-run-in-parts.md). Running all of them at once on the 2-core machine failed tests
 * on time alone, so the runners take turns. The end-to-end specs may be split in `E2E_SHARDS` parts (1 unless set),
 * each against its own stack on its own ports and data folder, for a machine with the cores for it. Each step's
 * output is held back and shown whole when it ends (failures in full, passes as dots), so steps do not interleave.
 * Ends with one "N passed, N failed" line counting both runners.
 */
const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)
// Not test-results/: Playwright empties its output folder when it starts.
const reports = path.join(root, '.data/test-reports')
fs.rmSync(reports, {recursive: true, force: true})
fs.mkdirSync(reports, {recursive: true})
const started = performance.now()
const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`

let failedStep: string | undefined

/** Runs `command`, holding its output back; prints it under the step's name when it ends, with how long it took. */
function step(name: string, command: string, args: string[], options: {cwd?: string; env?: NodeJS.ProcessEnv} = {}) {
  const since = performance.now()
  const log = path.join(reports, `${name.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.log`)
  return new Promise<void>((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? root,
      env: {...process.env, ...options.env},
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    const done = (failure?: string) => {
      const text = Buffer.concat(output).toString('utf8').trimEnd()
      fs.writeFileSync(log, text + '\n')
      console.log(`\n== ${name} (${seconds(since)}) ==${text ? `\n${text}` : ''}`)
      if (failure) {
        console.error(`${name} failed: ${failure}`)
        failedStep ??= name
      }
      resolve()
    }
    child.on('error', (error) => done(error.message))
    child.on('exit', (code, signal) => done(code === 0 ? undefined : `exit code ${code ?? signal}`))
  })
}

async function setUp(name: string, run: () => Promise<void>) {
  try {
    await run()
  } catch (error) {
    console.error(`${name} failed: ${(error as Error).message}`)
    failedStep ??= name
  }
}
await setUp('Chromium', () => ensureChromium())
await setUp('Varnish', () => ensureVarnish())

const vitestReport = path.join(reports, 'vitest.json')
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1))
const baseOffset = Number(process.env.E2E_PORT_OFFSET ?? 0)
const playwrightReport = (shard: number) => path.join(reports, `playwright-${shard}.json`)

const e2eShard = (shard: number) => {
  // Shard 1 keeps the usual ports and data folder; each other one moves its ports by 50 (none of the stack's ports
  // are 50 apart) and has its own folder. The stack under test always starts from an empty folder and the seed.
  const dataDir = path.join(root, shard === 1 ? '.data/e2e' : `.data/e2e-${shard}`)
  fs.rmSync(dataDir, {recursive: true, force: true})
  // --quiet: what a spec prints is shown with its failure (and kept in the JSON report), not for every pass.
  const args = ['test', '--config', 'tests/playwright.config.ts', '--reporter=dot,json', '--quiet']
  if (shards > 1) args.push(`--shard=${shard}/${shards}`)
  return step(shards > 1 ? `End-to-end tests, part ${shard} of ${shards}` : 'End-to-end tests', bin('playwright'), args, {
    env: {
      PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport(shard),
      E2E_PORT_OFFSET: String(baseOffset + (shard - 1) * 50),
      E2E_DATA_DIR: dataDir,
      E2E_OUTPUT_DIR: path.join(root, 'test-results', `part-${shard}`),
    },
  })
}

await Promise.all([
  step('Generated Sanity types are current', process.execPath, ['scripts/typegen.ts', '--check'], {
    cwd: path.join(root, 'studio'),
    env: {SANITY_TELEMETRY_DISABLED: '1'},
  }),
  step('Lint (eslint)', bin('eslint'), ['.']),
])
await step('Unit and integration tests (vitest)', bin('vitest'), [
  'run',
  // What a test logs is shown only when it fails.
  '--silent=passed-only',
  '--reporter=dot',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
])
await Promise.all(Array.from({length: shards}, (_, index) => e2eShard(index + 1)))

function readJson<T>(file: string): T | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined
}
const vitest = readJson<{numPassedTests: number; numFailedTests: number}>(vitestReport)
const playwright = Array.from({length: shards}, (_, index) =>
  readJson<{stats: {expected: number; unexpected: number; flaky: number}}>(playwrightReport(index + 1)),
)
const passed =
  (vitest?.numPassedTests ?? 0) +
  playwright.reduce((sum, report) => sum + (report?.stats.expected ?? 0) + (report?.stats.flaky ?? 0), 0)
const failed =
  (vitest?.numFailedTests ?? 0) + playwright.reduce((sum, report) => sum + (report?.stats.unexpected ?? 0), 0)
console.log(`\nTests: ${passed} passed, ${failed} failed (${seconds(started)})`)
if (failedStep || failed > 0 || passed === 0 || playwright.some((report) => !report)) {
  console.error(failedStep ? `First failing step: ${failedStep}` : 'Some tests failed.')
  process.exit(1)
}
