import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {DEFAULT_RETENTION_PERIODS, RETENTION_SETTINGS_ID} from '@repo/schemas/retention-periods.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {staffTestApp, testStaffMembers, type StaffTestApp} from './testing/staff-test-app.ts'

// The managers' privacy screen through the staff API: who may use it, the periods checked by the shared schema
// (a bad one stores nothing), and every change in the activity log without a traveller's address.
let lake: TestLake
let dataDir: string
let request: StaffTestApp['request']
let signIn: StaffTestApp['signIn']
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

beforeAll(async () => {
  lake = await startTestLake()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-privacy-'))
  const tx = bookings().transaction()
  for (const member of testStaffMembers(['manager', 'staff'])) tx.createOrReplace(member)
  await tx.commit()
  ;({request, signIn} = staffTestApp(lake, {
    privacy: {dataDir, secret: 'privacy-test-secret'},
  }))
}, 30_000)

afterAll(async () => {
  await lake?.stop()
  fs.rmSync(dataDir, {recursive: true, force: true})
})

beforeEach(async () => {
  await bookings().delete({query: '*[_type == "staffLoginThrottle"]'})
})

const put = (cookie: string, body: unknown) =>
  request('/privacy/retention', {method: 'PUT', cookie, body: JSON.stringify(body)})

describe('the privacy screen', () => {
  it('is the managers’: staff get 403 and change nothing', async () => {
    const staff = await signIn('staff')
    expect((await request('/privacy', {cookie: staff})).status).toBe(403)
    expect(
      (await put(staff, {...DEFAULT_RETENTION_PERIODS, requestMonthsAfterTrip: 2})).status,
    ).toBe(403)
    expect(await bookings().getDocument(RETENTION_SETTINGS_ID)).toBeUndefined()
  })

  it('shows the defaults, saves valid periods with an activity entry, and refuses bad ones storing nothing', async () => {
    const manager = await signIn('manager')
    const first = (await (await request('/privacy', {cookie: manager})).json()) as {
      periods: unknown
    }
    expect(first.periods).toEqual(DEFAULT_RETENTION_PERIODS)

    const saved = await put(manager, {
      requestMonthsAfterTrip: 18,
      closedRequestMonthsAfterDecision: 6,
      unconfirmedLeadDays: 45,
    })
    expect(saved.status).toBe(200)
    expect(await bookings().getDocument(RETENTION_SETTINGS_ID)).toMatchObject({
      requestMonthsAfterTrip: 18,
      changedBy: 'staffMember.test-manager',
    })
    const activity = await bookings().fetch<{summary: string; kind: string}[]>(
      '*[_type == "staffActivity" && kind == "privacy"]{summary, kind}',
    )
    expect(activity).toEqual([
      {
        kind: 'privacy',
        summary:
          'Set the retention periods: 18 months after a trip, 6 months after a closed request, 45 days for unanswered trip requests',
      },
    ])

    for (const bad of [
      {requestMonthsAfterTrip: 0, closedRequestMonthsAfterDecision: 6, unconfirmedLeadDays: 45},
      {requestMonthsAfterTrip: 12.5, closedRequestMonthsAfterDecision: 6, unconfirmedLeadDays: 45},
      {requestMonthsAfterTrip: '12', closedRequestMonthsAfterDecision: 6, unconfirmedLeadDays: 45},
      {...DEFAULT_RETENTION_PERIODS, forever: true},
      null,
    ]) {
      const refused = await put(manager, bad)
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as {detail: string}).detail).toBe('Please check the periods.')
    }
    expect(await bookings().getDocument(RETENTION_SETTINGS_ID)).toMatchObject({
      requestMonthsAfterTrip: 18,
    })
  })

  it('searches every place for an address and logs the search without the address', async () => {
    const manager = await signIn('manager')
    await bookings().create({
      _id: 'booking-search',
      _type: 'booking',
      booking_ref: 'CTX-SEARCH',
      status: 'new',
      date: '2027-01-01',
      name: 'Searchable Person',
      email: 'searchable@example.org',
    })
    const found = (await (
      await request('/privacy/search', {
        method: 'POST',
        cookie: manager,
        body: JSON.stringify({email: 'Searchable@Example.org'}),
      })
    ).json()) as {found: number; places: {place: string; found: number}[]}
    expect(found.found).toBeGreaterThanOrEqual(1)
    expect(found.places.find((place) => place.place.startsWith('Bookings dataset'))?.found).toBe(1)
    const refused = await request('/privacy/search', {
      method: 'POST',
      cookie: manager,
      body: JSON.stringify({email: 'not an address'}),
    })
    expect(refused.status).toBe(400)
    const log = JSON.stringify(await bookings().fetch('*[_type == "staffActivity"]'))
    expect(log).toContain('Searched every place for an address')
    expect(log.toLowerCase()).not.toContain('searchable@example.org')
  })
})
