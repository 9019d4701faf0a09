import {Hono, type Context} from 'hono'

import {refuse} from '../send-result.ts'

import type {StaffRouteKey} from '../staff-route-actions.ts'
import {authorise} from './authorise.ts'
import {logActivity} from './log-activity.ts'
import type {StaffContext, StaffEnv} from './staff-context.ts'

export type StaffHandler = (c: Context<StaffEnv>) => Response | Promise<Response>

/**
 * A sub-app of the signed-in staff API, and the one way to add a route to it: `route(key, handler)` takes the
 * route's row in the table (staff-route-actions.ts), so a route without a row does not compile, and runs the
 * route's own middleware (authorisation, then activity logging) before its handler. The key is the route's full
 * path under `/api/staff`; the sub-app is mounted at `/` (create-staff-routes.ts).
 */
export function staffSubApp(ctx: StaffContext) {
  const app = new Hono<StaffEnv>()
  const route = (key: StaffRouteKey, handler: StaffHandler) => {
    const [method, path] = key.split(' ') as [string, string]
    app.on(method, path, authorise(ctx, key), logActivity(ctx, key), handler)
  }
  return {app, route}
}

/** Any other method at `paths` is told which one to use (405 with `Allow`), after the session is checked. */
export function onlyMethod(app: Hono<StaffEnv>, paths: string[], method: 'GET' | 'POST') {
  const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter(
    (other) => other !== method,
  )
  const allow = method === 'GET' ? 'GET, HEAD' : 'POST'
  app.on(others, paths, (c) => refuse(c, 405, `Use ${method}.`, {}, {Allow: allow}))
}
