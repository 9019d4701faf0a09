import {publicRuntime} from '../lib/runtime.ts'
import {sendBookingNotifications} from './handler.ts'

/**
 * In-process entry (spec §7: invoked after a successful insert with `{bookingRef}`). Not mounted as a public
 * route: `create-booking-request` queues the mails itself, and a public trigger would only invite abuse.
 */
export function sendBookingNotificationsFor(bookingRef: string) {
  const rt = publicRuntime()
  return sendBookingNotifications(bookingRef, {
    bookings: rt.bookings,
    outbox: rt.outbox,
    teamEmail: rt.env.teamEmail,
  })
}
