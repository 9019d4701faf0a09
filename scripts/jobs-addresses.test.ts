import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {stackAddresses} from '../functions/lib/addresses.ts'
import {runJobsScript} from '../functions/lib/testing/jobs-script.ts'
import {startTestLake, type TestLake} from '../lake/src/testing/start-test-lake.ts'

// Two instances on one machine, each with its own lake on its own port: `npm run jobs` run for the second, with
// its ports and data folder and no SANITY_API_HOST, works on the second's lake and never touches the first's.
let first: TestLake
let second: TestLake
const AS_OF = '2026-11-28T08:00:00Z'
// Signed up and never confirmed long before AS_OF: the jobs' clean-up removes it from the lake they talk to.
const stale = {
  _id: 'newsletter-signup-stale',
  _type: 'newsletterSignup',
  status: 'pending',
  email: 'stale@example.org',
  signed_up_at: '2025-01-01T00:00:00Z',
}
const bookingsOf = (lake: TestLake): SanityClient =>
  lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

beforeAll(async () => {
  first = await startTestLake()
  second = await startTestLake()
  for (const lake of [first, second]) await bookingsOf(lake).createOrReplace(stale)
})

afterAll(async () => {
  await first?.close()
  await second?.close()
})

describe('the jobs script on other ports', () => {
  it('talks to its own instance’s lake, as LAKE_PORT names it', async () => {
    const lakePort = new URL(second.url).port
    const run = await runJobsScript(AS_OF, {
      DATA_DIR: second.dataDir,
      PORT: '3999',
      LAKE_PORT: lakePort,
      LAKE_TLS_PORT: '3998',
      SANITY_API_HOST: undefined,
      VITE_SANITY_API_HOST: undefined,
      SANITY_WRITE_TOKEN: undefined,
      SITE_URL: undefined,
      VITE_SITE_URL: undefined,
      SMTP_URL: undefined,
    })
    expect(run.output).toContain('1 unconfirmed newsletter sign-ups removed')
    expect(run.code).toBe(0)
    expect(await bookingsOf(second).getDocument(stale._id)).toBeUndefined()
    expect(await bookingsOf(first).getDocument(stale._id)).toMatchObject({status: 'pending'})
  })
})

describe('stackAddresses', () => {
  it('derives every address from the ports, the same for every process', () => {
    const addresses = stackAddresses({PORT: '4000', LAKE_PORT: '4333', LAKE_TLS_PORT: '4334', EDGE_PORT: '4080'})
    expect(addresses).toMatchObject({
      site: 'http://localhost:4000',
      lake: 'http://127.0.0.1:4333',
      localLake: 'http://127.0.0.1:4333',
      lakeTls: 'https://localhost:4334',
      studio: 'https://localhost:4334/studio/',
      edge: 'http://localhost:4080',
      frameAncestors: ['https://localhost:4334'],
      previewUrl: 'http://localhost:4000',
    })
    expect(addresses.allowedOrigins).toEqual(
      expect.arrayContaining(['http://localhost:4000', 'http://127.0.0.1:4000']),
    )
    expect(stackAddresses({})).toMatchObject({
      site: 'http://localhost:3000',
      lake: 'http://127.0.0.1:3333',
      studio: 'https://localhost:3334/studio/',
    })
  })

  it('lets an address set outright win over its port', () => {
    expect(
      stackAddresses({
        PORT: '4000',
        SITE_URL: 'https://www.example.test/',
        SANITY_API_HOST: 'https://api.example.test',
        FRAME_ANCESTORS: 'https://studio.example.test https://other.example.test',
      }),
    ).toMatchObject({
      site: 'https://www.example.test',
      lake: 'https://api.example.test',
      localLake: 'http://127.0.0.1:3333',
      frameAncestors: ['https://studio.example.test', 'https://other.example.test'],
      previewUrl: 'https://www.example.test',
    })
    expect(() => stackAddresses({LAKE_PORT: 'abc'})).toThrow(/LAKE_PORT/)
  })
})
