import {send} from '../send-result.ts'
import {listActivity} from '../staff-activity.ts'
import type {StaffContext} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/** The owner's activity log, filtered (docs/decisions/071). */
export function activityRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  route('GET /activity', async (c) =>
    send(c, await listActivity(ctx.deps.client, new URL(c.req.url).searchParams)),
  )
  return app
}
