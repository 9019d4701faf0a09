import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createLoginRateLimit, type LoginRateLimit} from './login-rate-limit.ts'

/** The back-off's device list on its own: which devices skip an account's wait, and which never do. */
let lake: TestLake
let limit: LoginRateLimit
const NOW = Date.parse('2026-11-28T08:00:00Z')

beforeAll(async () => {
  lake = await startTestLake()
  const client = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  limit = createLoginRateLimit(() => client)
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

describe('devices known to an account', () => {
  it('a device known to one account skips only that account’s wait', async () => {
    await limit.succeed('manager@team.example', 'device-manager', NOW)
    await limit.succeed('guide@team.example', 'device-guide', NOW)
    for (let i = 0; i < 6; i++) await limit.fail('manager@team.example', undefined, NOW)
    expect(await limit.retryAfter('manager@team.example', 'device-manager', NOW)).toBe(0)
    expect(await limit.retryAfter('manager@team.example', 'device-guide', NOW)).toBeGreaterThan(0)
    expect(
      await limit.retryAfter('manager@team.example', 'device-never-seen', NOW),
    ).toBeGreaterThan(0)
  })

  it('cookies minted by the dozen and failed with cannot push the account’s own device out of its list', async () => {
    const account = 'owner@team.example'
    await limit.succeed(account, 'device-owner', NOW)
    for (let i = 0; i < 60; i++) await limit.fail(account, `device-minted-${i}`, NOW)
    expect(await limit.retryAfter(account, 'device-minted-59', NOW)).toBeGreaterThan(0)
    expect(await limit.retryAfter(account, 'device-owner', NOW)).toBe(0)
  })
})
