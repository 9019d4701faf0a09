import fs from 'node:fs'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, expect, it} from 'vitest'

import {ensureWebBuild} from '../../scripts/lib/web-build.ts'
import {runJobsScript} from '../lib/testing/jobs-script.ts'
import {
  spawnedProcesses,
  startSiteServer,
  startSpawnedLake,
  type SpawnedLake,
} from '../lib/testing/spawned-servers.ts'
import {storedBooking} from '../lib/testing/stored-booking.ts'
import {PRIVACY_REPORT_TYPE} from './handler.ts'

/**
 * The retention job run by hand beside one data folder (`npm run jobs`, as an operator on server A); a site server
 * (`server/main.ts`, its own process and folder, as on another machine) started afterwards removes the same
 * traveller from its own files without being told anything but what the lake's report says.
 */
const root = path.resolve(import.meta.dirname, '../..')
const PERSON = {name: 'Thembi Twoservers', email: 'thembi.twoservers@example.org'}
const OTHER = {name: 'Later Traveller', email: 'later.traveller@example.org'}

const processes = spawnedProcesses()
let lake: SpawnedLake
let bookings: SanityClient

/** The same events log, sent mail and backup on a server's disk. */
async function fillDisk(dataDir: string) {
  fs.mkdirSync(path.join(dataDir, 'outbox'))
  fs.mkdirSync(path.join(dataDir, 'backups'))
  fs.writeFileSync(
    path.join(dataDir, 'events.ndjson'),
    `${JSON.stringify({event: 'booking_submitted', email: PERSON.email})}\n${JSON.stringify({event: 'page_view', path: '/'})}\n`,
  )
  fs.writeFileSync(
    path.join(dataDir, 'outbox', 'thembi-acknowledgement.eml'),
    `To: ${PERSON.email}\n\nHello ${PERSON.name}`,
  )
  const exported = await fetch(`${lake.url}/v2025-02-19/data/export/bookings`, {
    headers: {authorization: `Bearer ${lake.secrets.writeToken}`},
  })
  fs.writeFileSync(path.join(dataDir, 'backups', 'bookings.ndjson'), await exported.text())
}

const holdsPerson = (dataDir: string) =>
  ['events.ndjson', 'backups/bookings.ndjson', 'outbox/thembi-acknowledgement.eml'].filter(
    (file) => {
      const full = path.join(dataDir, file)
      return fs.existsSync(full) && fs.readFileSync(full, 'utf8').includes(PERSON.email)
    },
  )

beforeAll(async () => {
  await ensureWebBuild(root, {quiet: true})
  lake = await startSpawnedLake(processes, 'retention-servers')
  bookings = lake.client('bookings', lake.secrets.writeToken)
  await bookings
    .transaction()
    .create(storedBooking('thembi', PERSON, '2025-10-20'))
    .create(storedBooking('later', OTHER, '2030-01-10'))
    .commit({visibility: 'sync'})
}, 240_000)

afterAll(() => processes.stopAll())

it('a site server removes from its own disk what the job removed beside another folder', async () => {
  const a = processes.tempDir('retention-servers-a-')
  const b = processes.tempDir('retention-servers-b-')
  await fillDisk(a)
  await fillDisk(b)
  const run = await runJobsScript('2026-11-21T10:00:00+02:00', {
    DATA_DIR: a,
    SANITY_API_HOST: lake.url,
    SANITY_PROJECT_ID: 'local',
    SANITY_WRITE_TOKEN: lake.secrets.writeToken,
    SMTP_URL: undefined,
  })
  expect(run.output).toContain('1 requests anonymised')
  expect(holdsPerson(a)).toEqual([])
  expect(holdsPerson(b)).toHaveLength(3)

  await startSiteServer(processes, lake, {dataDir: b})
  await expect.poll(() => holdsPerson(b), {timeout: 20_000}).toEqual([])
  expect(fs.readFileSync(path.join(b, 'backups', 'bookings.ndjson'), 'utf8')).toContain(OTHER.email)
  // Both disks are named on the report: the job's folder at once, the server's once it had scrubbed.
  const servers = () =>
    bookings.fetch<number>(`count(*[_type == "${PRIVACY_REPORT_TYPE}"][0].disk_scrubbed)`)
  await expect.poll(servers).toBe(2)
}, 60_000)
