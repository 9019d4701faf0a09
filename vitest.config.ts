import os from 'node:os'

import {defineConfig} from 'vitest/config'

import {AWAIT_TIMEOUT_MS} from './vitest.await-timeout.ts'
import {SlowestFirst} from './vitest.slowest-first.ts'

/**
 * Every date and time a person reads is Cape Town's, whatever the server's `TZ`: the tests of what people read run
 * again under UTC and under New York's zone (behind Cape Town, with daylight saving), where a slip to the process's
 * own clock shows as another hour or another day.
 */
const ZONE_TESTS = [
  'schemas/src/format-date.test.ts',
  'schemas/src/format-date-zones.test.ts',
  'functions/send-booking-notifications/mail-times.test.ts',
  'functions/staff/bookings-csv.test.ts',
  'functions/staff/confirmation-trip-details.test.ts',
  'functions/lib/booking-calendar.test.ts',
  'schemas/src/trip-reminders.test.ts',
]
/** The dashboard's times, rendered in jsdom as a browser in that zone would. */
const WEB_ZONE_TESTS = [
  'src/features/admin/components/admin-dashboard.test.tsx',
  'server/request-page-ssr.test.ts',
]
const awaiting = {expect: {poll: {timeout: AWAIT_TIMEOUT_MS}}}
/** Testing Library's own wait, for the projects that render React in jsdom. */
const jsdomSetup = {setupFiles: [new URL('./web/src/test-setup.ts', import.meta.url).pathname]}

const zoneProjects = (name: string, zone: string) => [
  {test: {...awaiting, name, root: '.', environment: 'node', include: ZONE_TESTS, env: {TZ: zone}}},
  {
    test: {
      ...awaiting,
      ...jsdomSetup,
      name: `${name}-web`,
      root: 'web',
      environment: 'jsdom',
      testTimeout: 20_000,
      include: WEB_ZONE_TESTS,
      env: {TZ: zone},
    },
  },
]

// One command for every workspace's unit and integration tests; end-to-end tests run in Playwright.
export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores: one on the 2-core machine) unless VITEST_MAX_WORKERS says
    // otherwise: two workers there failed tests on time alone under load (docs/decisions/191).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(1, os.availableParallelism() - 1),
    sequence: {sequencer: SlowestFirst},
    projects: [
      {test: {...awaiting, name: 'lake', root: 'lake', environment: 'node', testTimeout: 30_000}},
      {test: {...awaiting, name: 'schemas', root: 'schemas', environment: 'node'}},
      {test: {...awaiting, name: 'scripts', root: 'scripts', environment: 'node'}},
      {test: {...awaiting, name: 'content', root: 'content', environment: 'node', testTimeout: 60_000}},
      {test: {...awaiting, name: 'functions', root: 'functions', environment: 'node', testTimeout: 30_000}},
      // Whole pages rendered in jsdom, queried by role: a second normally, more on a busy 2-core machine.
      {test: {...awaiting, ...jsdomSetup, name: 'web', root: 'web', environment: 'jsdom', testTimeout: 20_000, include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts']}},
      // The site server renders web/src's pages, so its tests compile JSX as the web's build does.
      {oxc: {jsx: {runtime: 'automatic'}}, test: {...awaiting, ...jsdomSetup, name: 'server', root: 'server', environment: 'jsdom', testTimeout: 20_000, include: ['**/*.test.ts'], exclude: ['node_modules/**']}},
      // The studio's tsconfig keeps JSX for Sanity's build (`jsx: preserve`); tests compile it as React's runtime does.
      {oxc: {jsx: {runtime: 'automatic'}}, test: {...awaiting, name: 'studio', root: 'studio', environment: 'node', include: ['**/*.test.ts'], exclude: ['node_modules/**', 'dist/**']}},
      ...zoneProjects('zones-utc', 'UTC'),
      ...zoneProjects('zones-new-york', 'America/New_York'),
    ],
  },
})
