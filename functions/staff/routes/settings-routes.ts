import {refuse, send} from '../send-result.ts'
import {STAFF_SETTINGS_ID} from '../staff-settings.ts'
import {jsonBody, type StaffContext} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/** The team's settings: whether everyone signs in with a second step. */
export function settingsRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {deps} = ctx

  route('PUT /settings/two-step', async (c) => {
    const body = (await jsonBody(c)) as {required?: unknown} | null
    if (typeof body?.required !== 'boolean') {
      return refuse(c, 400, 'Say whether a second step is required (true or false).')
    }
    // Whoever requires it has it already, so the requirement never shuts out the owner who set it.
    if (body.required && !c.get('secondStep').enabled) {
      return refuse(c, 409, 'Set up your own second step first.')
    }
    await deps.client.createOrReplace({
      _id: STAFF_SETTINGS_ID,
      _type: 'staffSettings',
      requireSecondStep: body.required,
      changedAt: deps.now().toISOString(),
      changedBy: c.get('person').id,
    })
    return send(c, {status: 200, body: {required: body.required}})
  })

  return app
}
