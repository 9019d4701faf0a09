import {Hono} from 'hono'

import {staffCan, type StaffRole} from '@repo/schemas/staff-roles.ts'

import type {StaffDeps} from '../staff-deps.ts'
import {STAFF_ROUTE_ACTIONS} from '../staff-route-actions.ts'
import {getReport} from './load-report.ts'

/** What the staff API's session middleware has set by the time a request reaches this sub-app. */
type ReportsEnv = {
  Variables: {person: {role: StaffRole}; secondStep: {setupRequired: boolean}}
}

const NO_STORE = {'Cache-Control': 'no-store'}

/**
 * `/api/staff/reports`, mounted under the staff API after its session check: owners and managers only
 * (`reports.read` in staff-route-actions.ts), everyone else 403 before any read.
 */
export function createReportRoutes(deps: StaffDeps): Hono<ReportsEnv> {
  const app = new Hono<ReportsEnv>()
  app.get('/', async (c) => {
    if (c.get('secondStep').setupRequired)
      return c.json(
        {error: 'Set up your second step first.', code: 'second-step-setup'},
        403,
        NO_STORE,
      )
    if (!staffCan(c.get('person').role, STAFF_ROUTE_ACTIONS['GET /reports']))
      return c.json({error: 'Your role does not allow this.'}, 403, NO_STORE)
    const result = await getReport(deps, new URL(c.req.url).searchParams)
    return c.json(result.body as object, result.status, NO_STORE)
  })
  app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], '/', (c) =>
    c.json({error: 'Use GET.'}, 405, {...NO_STORE, Allow: 'GET, HEAD'}),
  )
  return app
}
