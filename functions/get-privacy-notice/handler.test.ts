import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {PublicPrivacyNotice} from '@repo/schemas/privacy-notice.ts'
import {RETENTION_SETTINGS_ID} from '@repo/schemas/retention-periods.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {consentNoticeLoader} from '../lib/consent-record.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {getPrivacyNotice, type GetPrivacyNoticeDeps} from './handler.ts'

let lake: TestLake
const ctx = {clientAddress: '10.0.0.5'}

beforeAll(async () => {
  lake = await startTestLake()
  await lake.client({token: lake.secrets.rootToken}).createOrReplace({
    _id: 'privacyNotice',
    _type: 'privacyNotice',
    informationOfficerName: 'Naledi Dlamini',
    informationOfficerEmail: 'privacy@capecurated.example',
  })
})
afterAll(async () => {
  await lake?.stop()
})

const deps = (): GetPrivacyNoticeDeps => ({
  bookings: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
  consentNotice: consentNoticeLoader(lake.client({perspective: 'published'})),
  rateLimiter: createRateLimiter({limit: 100, windowMs: 60_000}),
})
const read = async () => {
  const response = await getPrivacyNotice(
    new Request('http://site.test/api/privacy-notice'),
    ctx,
    deps(),
  )
  expect(response.status).toBe(200)
  return (await response.json()) as PublicPrivacyNotice
}

describe('GET /api/privacy-notice', () => {
  it('states the retention periods the job reads, and follows a manager’s change', async () => {
    const before = await read()
    expect(before.notice.informationOfficerName).toBe('Naledi Dlamini')
    expect(before.retention).toContainEqual({
      label: 'Booking requests',
      period: '12 months after the trip date',
    })
    expect(before.retention).toContainEqual({
      label: 'Newsletter sign-ups never confirmed',
      period: '7 days after the sign-up',
    })
    // What a manager saves on the dashboard (the retention settings document) is what the page says next.
    await deps().bookings.createOrReplace({
      _id: RETENTION_SETTINGS_ID,
      _type: 'retentionSettings',
      requestMonthsAfterTrip: 24,
      closedRequestMonthsAfterDecision: 1,
    })
    const after = await read()
    expect(after.retention.slice(0, 2)).toEqual([
      {label: 'Booking requests', period: '24 months after the trip date'},
      {label: 'Declined or withdrawn requests', period: '1 month after the decision'},
    ])
    expect(after.version).toBe(before.version)
  })

  it('answers other methods with 405 and what to use', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await getPrivacyNotice(
        new Request('http://site.test/api/privacy-notice', {method}),
        ctx,
        deps(),
      )
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD')
    }
  })
})
