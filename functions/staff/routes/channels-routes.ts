import {
  addReseller,
  cancelResellerBooking,
  channelDetails,
  listChannels,
  revokeKey,
  rotateKey,
} from '../channels.ts'
import {send} from '../send-result.ts'
import {jsonBody, param, type StaffContext} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/** The Channels page's resellers (channels.ts), and cancelling a reseller's booking. */
export function channelsRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {handlerDeps} = ctx

  route('GET /channels', async (c) => send(c, await listChannels(handlerDeps)))

  route('POST /channels', async (c) =>
    send(c, await addReseller(handlerDeps, await jsonBody(c), c.get('person'))),
  )

  route('GET /channels/:id', async (c) =>
    send(c, await channelDetails(handlerDeps, param(c, 'id'))),
  )

  route('POST /channels/:id/key', async (c) =>
    send(c, await rotateKey(handlerDeps, param(c, 'id'), c.get('person'))),
  )

  route('POST /channels/:id/revoke', async (c) =>
    send(c, await revokeKey(handlerDeps, param(c, 'id'), c.get('person'))),
  )

  route('POST /bookings/:id/reseller-cancel', async (c) =>
    send(c, await cancelResellerBooking(ctx.changeDeps(c), param(c, 'id'), ctx.staffName(c))),
  )

  return app
}
