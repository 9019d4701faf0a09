import path from 'node:path'

import {defineConfig, devices} from '@playwright/test'

import {varnishInstalled} from '../scripts/lib/varnish.ts'
import {e2eEnvironment} from './e2e/e2e-environment.ts'

const root = path.resolve(import.meta.dirname, '..')
const env = e2eEnvironment()

/**
 * End-to-end tests drive the real site, the real studio and the real lake in Debian's Chromium.
 * The stack starts as `npm start` starts it, on its own ports and a fresh data directory, and sends its mail
 * over SMTP to a mail sink started before it (e2e/mail-sink/main.ts), which the tests read (e2e/mail.ts).
 */
export default defineConfig({
  testDir: './e2e',
  // `npm test` runs the specs in parts at once (scripts/test.ts), each with its own folder: Playwright empties it.
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(root, 'test-results'),
  timeout: 90_000,
  expect: {timeout: 15_000},
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: env.siteUrl,
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /slow-phone\//,
      use: {...devices['Desktop Chrome'], channel: undefined},
    },
    // The traveller journeys on a throttled phone, acting before the scripts have run
    // (docs/decisions/006-nothing-done-before-hydration-is-lost.md).
    {
      name: 'slow-phone',
      testDir: './e2e/slow-phone',
      use: {...devices['Pixel 7'], channel: undefined},
    },
  ],
  webServer: [
    {
      // A real SMTP listener, first, so the stack's functions (SMTP_URL in env.processEnv) deliver to it.
      name: 'mail-sink',
      command: 'node tests/e2e/mail-sink/main.ts',
      cwd: root,
      url: `${env.mailSinkUrl}/messages`,
      timeout: 30_000,
      reuseExistingServer: process.env.PW_REUSE === '1',
      stdout: 'pipe',
      stderr: 'pipe',
      gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
    },
    {
      name: 'stack',
      // With Varnish in front where it is installed (`npm test` installs it): the edge specs go through it.
      command: varnishInstalled() ? 'node scripts/start.ts --edge' : 'node scripts/start.ts',
      cwd: root,
      url: `${env.lakeUrl}/v1/ping`,
      env: env.processEnv,
      // A hang guard: `npm test` starts two stacks beside vitest, and a stack may wait for the other's studio build.
      timeout: 480_000,
      // Reuse a stack already started with the e2e environment while writing tests (PW_REUSE=1).
      reuseExistingServer: process.env.PW_REUSE === '1',
      // Its build progress and addresses are noise in a test run; what goes wrong goes to stderr.
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: {signal: 'SIGTERM', timeout: 5_000},
    },
  ],
})
