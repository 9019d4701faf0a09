import {loadManifest, loadToday, recordAttendance} from '../guide-day.ts'
import {send} from '../send-result.ts'
import {jsonBody, type StaffContext} from './staff-context.ts'
import {onlyMethod, staffSubApp} from './staff-sub-app.ts'

/** The guide's day (guide-day.ts): the Today view, one departure's manifest, and check-ins and no-shows. */
export function guideDayRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {deps, handlerDeps} = ctx

  route('GET /today', async (c) => send(c, await loadToday(handlerDeps, c.get('person'))))
  route('GET /manifest', async (c) =>
    send(c, await loadManifest(handlerDeps, c.get('person'), new URL(c.req.url).searchParams)),
  )
  // The tickets' QR codes are signed with the request links' secret, for their own purpose (check-in-ticket.ts).
  route('POST /attendance', async (c) =>
    send(
      c,
      await recordAttendance(
        handlerDeps,
        c.get('person'),
        await jsonBody(c),
        deps.decisions.links.secret,
      ),
    ),
  )
  onlyMethod(app, ['/today', '/manifest'], 'GET')
  onlyMethod(app, ['/attendance'], 'POST')
  return app
}
