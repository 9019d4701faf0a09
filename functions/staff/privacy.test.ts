import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {Hono} from 'hono'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {DEFAULT_RETENTION_PERIODS, RETENTION_SETTINGS_ID} from '@repo/schemas/retention-periods.ts'
import type {StaffRole} from '@repo/schemas/staff-roles.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {ownOrigins} from '../lib/own-origins.ts'
import {hashPassword} from './admin-password.ts'
import {createStaffRoutes} from './create-staff-routes.ts'
import {staffMemberDocument} from './staff-accounts.ts'
import {SESSION_COOKIE} from './staff-session.ts'
import {testDecisionDeps} from './testing/decision-deps.ts'

// The managers' privacy screen through the staff API: who may use it, the periods checked by the shared schema
// (a bad one stores nothing), and every change in the activity log without a traveller's address.
const ORIGIN = 'http://site.test'
const PASSWORD = 'a long staff password'
let lake: TestLake
let app: Hono
let dataDir: string
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

beforeAll(async () => {
  lake = await startTestLake()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staff-privacy-'))
  const tx = bookings().transaction()
  for (const role of ['manager', 'staff'] as const)
    tx.createOrReplace(
      staffMemberDocument({
        _id: `staffMember.test-${role}`,
        name: `Pat ${role}`,
        email: `${role}@team.example`,
        role,
        password: PASSWORD,
        now: new Date(),
      }),
    )
  await tx.commit()
  app = new Hono()
  app.route(
    '/api/staff',
    createStaffRoutes({
      ownOrigins: ownOrigins(ORIGIN),
      client: bookings(),
      now: () => new Date(),
      bootstrapPassword: hashPassword('bootstrap password here'),
      decisions: testDecisionDeps(lake.client({perspective: 'published'})),
      listen: (_onChange, signal) =>
        new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
      privacy: {dataDir, secret: 'privacy-test-secret'},
    }),
  )
}, 30_000)

afterAll(async () => {
  await lake?.stop()
  fs.rmSync(dataDir, {recursive: true, force: true})
})

beforeEach(async () => {
  await bookings().delete({query: '*[_type == "staffLoginThrottle"]'})
})

function request(pathname: string, init: RequestInit & {cookie?: string} = {}) {
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('cookie', `${SESSION_COOKIE}=${init.cookie}`)
  headers.set('origin', ORIGIN)
  if (init.body) headers.set('content-type', 'application/json')
  return app.request(`${ORIGIN}/api/staff${pathname}`, {...init, headers})
}

async function signIn(role: StaffRole): Promise<string> {
  const response = await request('/session', {
    method: 'POST',
    body: JSON.stringify({email: `${role}@team.example`, password: PASSWORD}),
  })
  expect(response.status).toBe(200)
  return /staff_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!
}

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
      expect(((await refused.json()) as {error: string}).error).toBe('Please check the periods.')
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
