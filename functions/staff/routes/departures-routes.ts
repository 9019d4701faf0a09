import {messageDeparture} from '../booking-desk.ts'
import {assignDeparture, loadAssignmentChoices} from '../assign-departure.ts'
import {cancelDeparture, listAlternatives, previewCancellation} from '../cancel-departure.ts'
import {exportDeparturesCsv, listDepartures} from '../departures-view.ts'
import {send, sendCsv} from '../send-result.ts'
import {listWaitlist} from '../staff-waitlist.ts'
import {jsonBody, type StaffContext} from './staff-context.ts'
import {onlyMethod, staffSubApp} from './staff-sub-app.ts'

/** The departures: the view and its CSV, a departure's waitlist, and cancelling a departure with its preview. */
export function departuresRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {deps, handlerDeps, changeDeps, staffName} = ctx
  const search = (url: string) => new URL(url).searchParams

  route('GET /departures', async (c) =>
    send(c, await listDepartures(handlerDeps, search(c.req.url))),
  )

  route('GET /departures.csv', async (c) => {
    const result = await exportDeparturesCsv(handlerDeps, search(c.req.url))
    if (!('range' in result)) return send(c, result)
    const {from, to} = result.range
    return sendCsv(c, result.body, `departures-${from}-to-${to}.csv`)
  })

  route('GET /departures/alternatives', async (c) =>
    send(c, await listAlternatives(handlerDeps, search(c.req.url))),
  )
  route('POST /departures/cancel/preview', async (c) =>
    send(c, await previewCancellation(handlerDeps, deps.decisions, await jsonBody(c))),
  )
  route('POST /departures/cancel', async (c) =>
    send(c, await cancelDeparture(changeDeps(c), deps.decisions, await jsonBody(c), staffName(c))),
  )
  onlyMethod(app, ['/departures/cancel', '/departures/cancel/preview'], 'POST')

  route('GET /waitlist', async (c) => send(c, await listWaitlist(handlerDeps, search(c.req.url))))
  onlyMethod(app, ['/waitlist'], 'GET')

  // Read-only views: any other method is told which one to use, not "Not found".
  onlyMethod(app, ['/departures', '/departures.csv'], 'GET')

  route('POST /departures/message', async (c) =>
    send(c, await messageDeparture(changeDeps(c), deps.decisions, await jsonBody(c), staffName(c))),
  )
  route('GET /departures/assignment-choices', async (c) =>
    send(c, await loadAssignmentChoices(handlerDeps)),
  )
  route('POST /departures/assignment', async (c) =>
    send(c, await assignDeparture(changeDeps(c), deps.decisions, await jsonBody(c), staffName(c))),
  )
  onlyMethod(app, ['/departures/assignment-choices'], 'GET')
  onlyMethod(app, ['/departures/assignment'], 'POST')

  return app
}
