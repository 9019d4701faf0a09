import {send} from '../send-result.ts'
import type {StaffContext} from '../routes/staff-context.ts'
import {onlyMethod, staffSubApp} from '../routes/staff-sub-app.ts'
import {getReport} from './load-report.ts'

/** The Reports page's figures (docs/decisions/210-reports-figures-in-one-module.md): owners and managers. */
export function reportsRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  route('GET /reports', async (c) =>
    send(c, await getReport(ctx.handlerDeps, new URL(c.req.url).searchParams)),
  )
  onlyMethod(app, ['/reports'], 'GET')
  return app
}
