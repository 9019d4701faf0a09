import {Hono} from 'hono'

import {problemAnswers} from '../lib/http.ts'
import {activityRoutes} from './routes/activity-routes.ts'
import {bookingsRoutes} from './routes/bookings-routes.ts'
import {channelsRoutes} from './routes/channels-routes.ts'
import {departuresRoutes} from './routes/departures-routes.ts'
import {eventsRoutes} from './routes/events-routes.ts'
import {guideDayRoutes} from './routes/guide-day-routes.ts'
import {ownAccountRoutes} from './routes/own-account-routes.ts'
import {peopleRoutes} from './routes/people-routes.ts'
import {reportsRoutes} from './reports/routes.ts'
import {privacyRoutes} from './routes/privacy-routes.ts'
import {requireSession} from './routes/require-session.ts'
import {sameOrigin} from './routes/same-origin.ts'
import {settingsRoutes} from './routes/settings-routes.ts'
import {signInMethodRoutes} from './routes/sign-in-method-routes.ts'
import {signInRoutes} from './routes/sign-in-routes.ts'
import {createStaffContext, type StaffEnv, type StaffRoutesDeps} from './routes/staff-context.ts'

export type {StaffRoutesDeps}

/**
 * `/api/staff/*`: sign-in, lock and the bookings API, composed of one Hono sub-app per resource
 * (docs/decisions/182-staff-routes-as-sub-apps.md). In order, for every request:
 *
 * 1. `sameOrigin`: every state-changing request must come from the site's own origin (403).
 * 2. The sign-in sub-app, open without a session, behind the per-address limit.
 * 3. `requireSession`: every other route answers 401 without a live session, checked in the lake.
 * 4. Per route, from its row in `staff-route-actions.ts` (`staffSubApp`'s `route`): `authorise` (403 when the
 *    person's role may not use it) and `logActivity`, then the handler.
 *
 * A new resource is a sub-app (`routes/*-routes.ts`) mounted here with one line, and its rows in the table.
 */
export function createStaffRoutes(deps: StaffRoutesDeps): Hono<StaffEnv> {
  const ctx = createStaffContext(deps)
  const app = new Hono<StaffEnv>()
  // Every refusal below, whichever sub-app answers it, leaves as RFC 9457 problem details (decision 185).
  app.use('*', problemAnswers)
  app.use('*', sameOrigin(deps.ownOrigins))
  app.route('/', signInRoutes(ctx))
  app.use('*', requireSession(ctx))
  app.route('/', ownAccountRoutes(ctx))
  app.route('/', signInMethodRoutes(ctx))
  app.route('/', settingsRoutes(ctx))
  app.route('/', peopleRoutes(ctx))
  app.route('/', activityRoutes(ctx))
  app.route('/', bookingsRoutes(ctx))
  app.route('/', eventsRoutes(ctx))
  app.route('/', departuresRoutes(ctx))
  app.route('/', privacyRoutes(ctx))
  app.route('/', reportsRoutes(ctx))
  app.route('/', channelsRoutes(ctx))
  app.route('/', guideDayRoutes(ctx))
  return app
}
