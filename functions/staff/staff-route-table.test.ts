import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {problemBody} from '@repo/schemas/problem.ts'
import {STAFF_ROLES, staffCan} from '@repo/schemas/staff-roles.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {STAFF_ROUTE_ACTIONS} from './staff-route-actions.ts'
import {staffTestApp, testStaffMembers, type StaffTestApp} from './testing/staff-test-app.ts'

/**
 * The route-to-action table is the one source of the staff API's permissions (staff-route-actions.ts): every route
 * in it is served, and every other route the API registers is either open without a session (sign-in, a password
 * from a link) or answers only 405. A route added to a sub-app without a row in the table fails here.
 */
let lake: TestLake
let staff: StaffTestApp
let owner: string

/** Reached without a session: the sign-in and password routes, behind the per-address limit. */
const OPEN = [
  'POST /session',
  'POST /session/passkey/options',
  'POST /session/passkey',
  'POST /password-reset',
  'POST /password',
]

beforeAll(async () => {
  lake = await startTestLake()
  const tx = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}).transaction()
  for (const member of testStaffMembers(STAFF_ROLES)) tx.createOrReplace(member)
  await tx.commit()
  staff = staffTestApp(lake)
  owner = await staff.signIn('owner')
}, 60_000)

afterAll(async () => {
  await lake?.stop()
})

/** Every method and path the staff API registers a handler for, as the table writes them (middleware left out). */
const registered = () =>
  [
    ...new Set(
      staff.app.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method} ${route.path.replace(/^\/api\/staff/, '')}`),
    ),
  ].sort()

describe('the staff route table', () => {
  it('is served: every route in the table has a handler', () => {
    expect(registered()).toEqual(expect.arrayContaining(Object.keys(STAFF_ROUTE_ACTIONS)))
  })

  it('is the only way in: a route outside it is open without a session or answers 405 to an owner', async () => {
    const others = registered().filter(
      (key) => !(key in STAFF_ROUTE_ACTIONS) && !OPEN.includes(key),
    )
    // The read-only views and the cancellation's POST-only routes tell any other method which one to use.
    expect(others.length).toBeGreaterThan(0)
    for (const key of others) {
      const [method, path] = key.split(' ') as [string, string]
      const response = await staff.request(path.replace(/:\w+/g, 'x'), {method, cookie: owner})
      expect(response.status, key).toBe(405)
    }
  })

  it('refuses every route of the table, before any work, to a role its action does not allow (403)', async () => {
    const client = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const cookies = new Map<string, string>()
    for (const role of STAFF_ROLES) cookies.set(role, await staff.signIn(role))
    const before = await client.fetch<string[]>('*[_type != "staffSession"]._rev')
    let refused = 0
    for (const [key, action] of Object.entries(STAFF_ROUTE_ACTIONS)) {
      if (action === 'signed-in') continue
      for (const role of STAFF_ROLES.filter((role) => !staffCan(role, action))) {
        const [method, path] = key.split(' ') as [string, string]
        const response = await staff.request(path.replace(/:\w+/g, 'x'), {
          method,
          cookie: cookies.get(role)!,
          ...(method === 'GET' ? {} : {body: '{}'}),
        })
        expect(response.status, `${role}: ${key}`).toBe(403)
        expect(await response.json()).toEqual(problemBody(403, 'Your role does not allow this.'))
        refused += 1
      }
    }
    expect(refused).toBeGreaterThan(20)
    expect(await client.fetch<string[]>('*[_type != "staffSession"]._rev')).toEqual(before)
  })
})
