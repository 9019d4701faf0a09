import type {Mutation, SanityClient} from '@sanity/client'

import {categoryTitle} from '@repo/schemas/categories.ts'
import {formatLongDateTime} from '@repo/schemas/format-date.ts'
import type {PlaceholderValues} from '@repo/schemas/mail-templates.ts'
import type {Booking} from '@repo/schemas/sanity.types'

import {bookingMailValues} from '../lib/booking-mail-values.ts'
import type {MailBudget} from '../lib/mail-budget.ts'
import {composeMail, yesNo, type MailContent} from '../lib/mail-content.ts'
import type {MailMessage, Outbox} from '../lib/mailer.ts'
import {requeueSince, type SweepWindow} from '../lib/requeue.ts'
import {queuedMailIdsQuery} from './queries/queued-mail-ids-query.ts'
import {recentBookingsQuery} from './queries/recent-bookings-query.ts'

/**
 * A booking's two mails: an acknowledgement to the traveller (with the link to their private request page) and a
 * notification to the team, each from the template editors keep in the studio
 * (docs/decisions/019-editors-own-the-mail-texts.md), as text and HTML. Queuing is idempotent per booking, so
 * calling it twice sends each mail once.
 */
export type StoredBooking = Omit<
  Booking,
  // What the store adds, and what the booking's life adds after the request; the mails never read them.
  | '_type'
  | '_createdAt'
  | '_updatedAt'
  | '_rev'
  | 'status'
  | 'status_history'
  | 'staff_notes'
  | 'request_hash'
  | 'consent_booking'
  | 'consent_privacy'
>

/** What composing a booking's mails needs besides the booking. */
export type BookingMailDeps = {
  outbox: Outbox
  teamEmail: string
  /** The editors' templates and the brand, read for the mail about to be composed (lib/mail-content.ts). */
  mailContent: () => Promise<MailContent>
  /** The site's address and the key of the traveller's private request link. */
  siteUrl: string
  requestLinkSecret: string
}

/** The trip's placeholders, in words: what every mail about a booking can say. */
export function bookingPlaceholders(
  booking: StoredBooking,
  {siteUrl, requestLinkSecret}: Pick<BookingMailDeps, 'siteUrl' | 'requestLinkSecret'>,
): PlaceholderValues {
  // The link's expiry follows from the booking itself, so the sweep's re-queue composes the very same mail.
  const received = new Date(booking.created_at)
  const at = Number.isNaN(received.getTime()) ? new Date() : received
  return bookingMailValues(booking, {siteUrl, secret: requestLinkSecret, now: () => at})
}

/** Every detail of the request, each in words, for the team's table. */
function detailRows(booking: StoredBooking, values: PlaceholderValues): [string, string][] {
  return [
    ['Reference', booking.booking_ref],
    ['Experience', booking.experience_title],
    ['Category', booking.category ? categoryTitle(booking.category) : ''],
    ['Duration', booking.duration ?? ''],
    ['Date', String(values.date)],
    ['Preferred time', String(values.time)],
    ['Group', `${booking.pax_total} (${String(values.group)})`],
    ['Name', booking.name],
    ['Email', booking.email],
    ['Phone', booking.phone ?? ''],
    ['Country', booking.country ?? ''],
    ['Pick-up location', booking.pickup_location ?? ''],
    ['Notes', booking.notes ?? ''],
    ['How they heard about us', booking.how_heard_about_us ?? ''],
    ['Newsletter and offers', yesNo(booking.marketing_opt_in)],
    ['UTM source', booking.utm_source ?? ''],
    ['UTM medium', booking.utm_medium ?? ''],
    ['UTM campaign', booking.utm_campaign ?? ''],
    ['Received', formatLongDateTime(booking.created_at)],
  ]
}

const travellerMailId = (booking: StoredBooking) => `${booking._id}-traveller`

/** The traveller's acknowledgement and the team's notification, from the editors' templates. */
export function bookingMails(
  booking: StoredBooking,
  content: MailContent,
  deps: Pick<BookingMailDeps, 'teamEmail' | 'siteUrl' | 'requestLinkSecret'>,
): [id: string, message: MailMessage][] {
  const values = bookingPlaceholders(booking, deps)
  return [
    [
      travellerMailId(booking),
      composeMail('acknowledgement', values, content, {to: booking.email}),
    ],
    [
      `${booking._id}-team`,
      composeMail(
        'teamNewBooking',
        {...values, email: booking.email, details: {rows: detailRows(booking, values)}},
        content,
        {to: deps.teamEmail, replyTo: booking.email},
      ),
    ],
  ]
}

/** Queues both mails for a stored booking. Mail ids derive from the booking's id, so a repeat is a no-op. */
export async function queueBookingNotifications(
  booking: StoredBooking,
  deps: BookingMailDeps,
): Promise<void> {
  for (const [id, message] of bookingMails(booking, await deps.mailContent(), deps))
    await deps.outbox.enqueue(id, message, booking._id)
}

/**
 * What storing a booking needs from the outbox: its two mails as mutations, committed in the booking's own
 * transaction (so a stored booking always has them, at no extra lake request), and a nudge to send them once
 * the booking is stored.
 */
export type BookingNotifier = {
  /** Composed from the editors' templates, so usually after a read of the content (a notifier that sends none: none). */
  mails: (booking: StoredBooking) => Mutation[] | Promise<Mutation[]>
  stored: () => void
  /** The booking was refused after its mails were composed: what composing them counted is given back. */
  notStored?: (booking: StoredBooking) => Promise<void>
}

export const bookingNotifier = (
  deps: BookingMailDeps & {
    /**
     * Whether the acknowledgement may go to the address the form gave (lib/mail-budget.ts): counted in the lake,
     * so the same limit holds on every site server and in the Sanity Function
     * (docs/decisions/045-mail-to-unconfirmed-addresses.md).
     */
    unconfirmedMail?: MailBudget
  },
): BookingNotifier => ({
  mails: async (booking) => {
    const mutations: Mutation[] = []
    for (const [id, message] of bookingMails(booking, await deps.mailContent(), deps)) {
      // Counted once, as the booking is stored (the mail's id makes a repeated event or request count nothing
      // more): the sweep's later queuing of the same id finds it recorded.
      const withheld =
        id === travellerMailId(booking) ? await deps.unconfirmedMail?.take(message.to, id) : null
      mutations.push(
        deps.outbox.queueMutation(id, message, booking._id, {withheld: withheld ?? undefined}),
      )
    }
    return mutations
  },
  stored: () =>
    void deps.outbox.flush().catch((error: unknown) => console.error('[outbox]', error)),
  notStored: async (booking) => {
    await deps.unconfirmedMail?.giveBack(booking.email, travellerMailId(booking))
  },
})

/**
 * Queues the mails of every booking received in `window` again (see lib/requeue.ts). With `unconfirmedMail`
 * (the Sanity Function sends, and its event for a booking may never have come), a booking whose acknowledgement
 * was never queued gets its mails as the function would have queued them: the acknowledgement counted against
 * the same limits, so a burst too big for the function's rate limits gains no unlimited mail.
 */
export async function sweepBookingNotifications(
  window: SweepWindow,
  deps: BookingMailDeps & {bookings: SanityClient; unconfirmedMail?: MailBudget},
): Promise<number> {
  const {unconfirmedMail} = deps
  if (!unconfirmedMail)
    return requeueSince<StoredBooking>(
      (params) => deps.bookings.fetch(recentBookingsQuery, params),
      window,
      (booking) => queueBookingNotifications(booking, deps),
    )
  const recent = await deps.bookings.fetch(recentBookingsQuery, {
    since: window.since,
    until: window.until ?? null,
  })
  if (recent.length === 0) return 0
  const queued = new Set(
    await deps.bookings.fetch(queuedMailIdsQuery, {ids: recent.map(travellerMailId)}),
  )
  const notifier = bookingNotifier({...deps, unconfirmedMail})
  let queuedNow = 0
  for (const booking of recent) {
    if (queued.has(travellerMailId(booking))) continue
    await deps.bookings.mutate(await notifier.mails(booking), {
      returnDocuments: false,
      visibility: 'sync',
    })
    queuedNow++
  }
  if (queuedNow > 0) notifier.stored()
  return recent.length
}
