import {Hono} from 'hono'
import {expect} from 'vitest'

import type {StaffRole} from '@repo/schemas/staff-roles.ts'

import type {TestLake} from '../../../lake/src/testing/start-test-lake.ts'
import {ownOrigins} from '../../lib/own-origins.ts'
import {hashPassword} from '../admin-password.ts'
import {createStaffRoutes, type StaffRoutesDeps} from '../create-staff-routes.ts'
import {staffMemberDocument} from '../staff-accounts.ts'
import {SESSION_COOKIE} from '../staff-session.ts'
import {testDecisionDeps} from './decision-deps.ts'

export const TEST_ORIGIN = 'http://site.test'
export const TEST_STAFF_PASSWORD = 'a long staff password'
export const TEST_BOOTSTRAP_PASSWORD = 'bootstrap password here'

export const staffEmailOf = (role: StaffRole) => `${role}@team.example`

/** One active member per role, `Pat <role>` at `<role>@team.example`, with the test password. */
export const testStaffMembers = (roles: readonly StaffRole[]) =>
  roles.map((role) =>
    staffMemberDocument({
      _id: `staffMember.test-${role}`,
      name: `Pat ${role}`,
      email: staffEmailOf(role),
      role,
      password: TEST_STAFF_PASSWORD,
      now: new Date(),
    }),
  )

/**
 * The staff API on a test lake, mounted at `/api/staff` as the site mounts it, with the lake's private dataset and
 * published content; `overrides` replaces any dependency. The lake's change stream is never needed: the events
 * route, when reached, stays open until the request ends.
 */
export function staffTestApp(lake: TestLake, overrides: Partial<StaffRoutesDeps> = {}) {
  const app = new Hono()
  app.route(
    '/api/staff',
    createStaffRoutes({
      ownOrigins: ownOrigins(TEST_ORIGIN),
      client: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
      now: () => new Date(),
      bootstrapPassword: hashPassword(TEST_BOOTSTRAP_PASSWORD),
      decisions: testDecisionDeps(lake.client({perspective: 'published'})),
      listen: (_onChange, signal) =>
        new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
      ...overrides,
    }),
  )

  /** A request from the site's own origin, as `cookie`'s session when given. */
  function request(pathname: string, init: RequestInit & {cookie?: string} = {}) {
    const headers = new Headers(init.headers)
    if (init.cookie) headers.set('cookie', `${SESSION_COOKIE}=${init.cookie}`)
    headers.set('origin', TEST_ORIGIN)
    if (init.body) headers.set('content-type', 'application/json')
    return app.request(`${TEST_ORIGIN}/api/staff${pathname}`, {...init, headers})
  }

  /** Signs in as the test member of `role`; resolves to the session cookie's value. */
  async function signIn(role: StaffRole): Promise<string> {
    const response = await request('/session', {
      method: 'POST',
      body: JSON.stringify({email: staffEmailOf(role), password: TEST_STAFF_PASSWORD}),
    })
    expect(response.status).toBe(200)
    return /staff_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!
  }

  return {app, request, signIn}
}

export type StaffTestApp = ReturnType<typeof staffTestApp>
