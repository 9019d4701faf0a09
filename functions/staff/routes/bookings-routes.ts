import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {changeDeskTrip, createDeskBooking, listDeskExperiences} from '../booking-desk.ts'
import {listBookingMail, resendBookingMail} from '../booking-mail.ts'
import {decideBooking, listProposableDates, previewDecision} from '../decide-booking.ts'
import {send, sendCsv} from '../send-result.ts'
import {changeStatus, exportBookingsCsv, listBookings, saveStaffNotes} from '../staff-handlers.ts'
import {jsonBody, param, type StaffContext} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/** The bookings: the list and its CSV, status and notes, decisions with their preview, a booking's mail. */
export function bookingsRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {deps, handlerDeps, changeDeps, staffName} = ctx

  route('GET /bookings', async (c) => send(c, await listBookings(handlerDeps, c.req.query())))

  route('GET /bookings.csv', async (c) => {
    const result = await exportBookingsCsv(handlerDeps, c.req.query())
    if (result.status !== 200) return send(c, result)
    return sendCsv(c, result.body as string, `bookings-${todayInCapeTown(deps.now())}.csv`)
  })

  route('PATCH /bookings/:id/status', async (c) =>
    send(
      c,
      await changeStatus(
        changeDeps(c),
        param(c, 'id'),
        await jsonBody(c),
        staffName(c),
        deps.decisions,
      ),
    ),
  )

  route('POST /bookings/:id/decision', async (c) =>
    send(
      c,
      await decideBooking(
        changeDeps(c),
        deps.decisions,
        param(c, 'id'),
        await jsonBody(c),
        staffName(c),
      ),
    ),
  )

  route('GET /bookings/:id/proposable-dates', async (c) =>
    send(c, await listProposableDates(handlerDeps, param(c, 'id'))),
  )

  route('POST /bookings/:id/decision/preview', async (c) =>
    send(c, await previewDecision(handlerDeps, deps.decisions, param(c, 'id'), await jsonBody(c))),
  )

  route('PATCH /bookings/:id/notes', async (c) =>
    send(c, await saveStaffNotes(changeDeps(c), param(c, 'id'), await jsonBody(c), staffName(c))),
  )

  route('GET /bookings/:id/mail', async (c) =>
    send(c, await listBookingMail(handlerDeps, param(c, 'id'))),
  )

  route('POST /bookings/:id/mail/:mailId/resend', async (c) =>
    send(c, await resendBookingMail(changeDeps(c), param(c, 'id'), param(c, 'mailId'))),
  )

  route('POST /bookings', async (c) =>
    send(c, await createDeskBooking(changeDeps(c), deps.decisions, await jsonBody(c), staffName(c))),
  )

  route('GET /desk/experiences', async (c) => send(c, await listDeskExperiences(handlerDeps)))

  route('PATCH /bookings/:id/trip', async (c) =>
    send(
      c,
      await changeDeskTrip(
        changeDeps(c),
        deps.decisions,
        param(c, 'id'),
        await jsonBody(c),
        staffName(c),
      ),
    ),
  )

  return app
}
