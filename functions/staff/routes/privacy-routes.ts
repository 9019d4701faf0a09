import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {carryOutRequest, privacyOverview, saveRetentionPeriods, searchAddress} from '../privacy.ts'
import {changeIncident, listIncidents, recordIncident} from '../security-incidents.ts'
import {send, sendCsv} from '../send-result.ts'
import {exportSubscribersCsv} from '../subscribers-export.ts'
import {jsonBody, param, type StaffContext} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/**
 * Privacy: retention periods, travellers' requests carried out, the search of every place for an address, the
 * security-incident register and the confirmed subscribers' CSV.
 */
export function privacyRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {deps, handlerDeps, changeDeps, staffName, privacyDeps} = ctx

  route('GET /privacy', async (c) => send(c, await privacyOverview(privacyDeps())))
  route('PUT /privacy/retention', async (c) =>
    send(c, await saveRetentionPeriods(privacyDeps(), await jsonBody(c), c.get('person'))),
  )
  route('POST /privacy/requests/:id/carry-out', async (c) =>
    send(
      c,
      await carryOutRequest(privacyDeps(), param(c, 'id'), c.get('person'), await jsonBody(c)),
    ),
  )
  route('POST /privacy/search', async (c) =>
    send(c, await searchAddress(privacyDeps(), await jsonBody(c))),
  )

  route('GET /incidents', async (c) => send(c, await listIncidents(handlerDeps)))
  route('POST /incidents', async (c) =>
    send(c, await recordIncident(changeDeps(c), await jsonBody(c), staffName(c))),
  )
  route('PATCH /incidents/:id', async (c) =>
    send(c, await changeIncident(changeDeps(c), param(c, 'id'), await jsonBody(c), staffName(c))),
  )

  route('GET /subscribers.csv', async (c) =>
    sendCsv(
      c,
      await exportSubscribersCsv(handlerDeps),
      `subscribers-${todayInCapeTown(deps.now())}.csv`,
    ),
  )

  return app
}
