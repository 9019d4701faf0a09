import type {Mutation, SanityClient} from '@sanity/client'

import {escapeHtml, type MailMessage, type Outbox} from '../lib/mailer.ts'
import {requeueSince} from '../lib/requeue.ts'

/**
 * Spec §7 "Send notifications" (body: bookingRef): a confirmation to the traveller and a notification to the team,
 * each as text and HTML. Queuing is idempotent per booking, so calling it twice sends each mail once.
 */
export type StoredBooking = {
  _id: string
  booking_ref: string
  experience_id: string
  experience_title: string
  category?: string
  duration?: string
  date: string
  preferred_time?: string
  pax_adults: number
  pax_children: number
  pax_total: number
  name: string
  email: string
  phone?: string
  country?: string
  pickup_location?: string
  notes?: string
  how_heard_about_us?: string
  marketing_opt_in?: boolean
  utm_source?: string
  utm_medium?: string
  utm_campaign?: string
  created_at: string
}

export const NO_PAYMENT_TEXT = 'No payment required at this stage — just planning.'
export const REPLY_PROMISE = 'We will confirm availability by email within 24-48 hours.'

function rows(booking: StoredBooking): [string, string][] {
  const adults = `${booking.pax_adults} ${booking.pax_adults === 1 ? 'adult' : 'adults'}`
  const children = `${booking.pax_children} ${booking.pax_children === 1 ? 'child' : 'children'}`
  const party = `${booking.pax_total} (${adults}, ${children})`
  return [
    ['Reference', booking.booking_ref],
    ['Experience', booking.experience_title],
    ['Category', booking.category ?? ''],
    ['Duration', booking.duration ?? ''],
    ['Date', booking.date],
    ['Preferred time', booking.preferred_time ?? ''],
    ['Group', party],
  ]
}

function contactRows(booking: StoredBooking): [string, string][] {
  return [
    ['Name', booking.name],
    ['Email', booking.email],
    ['Phone', booking.phone ?? ''],
    ['Country', booking.country ?? ''],
    ['Pick-up location', booking.pickup_location ?? ''],
    ['Notes', booking.notes ?? ''],
    ['How they heard about us', booking.how_heard_about_us ?? ''],
    ['Marketing opt-in', booking.marketing_opt_in ? 'Yes' : 'No'],
    ['UTM source', booking.utm_source ?? ''],
    ['UTM medium', booking.utm_medium ?? ''],
    ['UTM campaign', booking.utm_campaign ?? ''],
    ['Received', booking.created_at],
  ]
}

const textTable = (list: [string, string][]) =>
  list.map(([label, value]) => `${label}: ${value || '—'}`).join('\n')
const htmlTable = (list: [string, string][]) =>
  `<table>${list
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value || '—')}</td></tr>`,
    )
    .join('')}</table>`

export function travellerConfirmation(booking: StoredBooking): MailMessage {
  const intro = `Thank you, ${booking.name}. We have received your booking request ${booking.booking_ref}.`
  return {
    to: booking.email,
    subject: `Your booking request ${booking.booking_ref}: ${booking.experience_title}`,
    text: `${intro}\n\n${textTable(rows(booking))}\n\n${NO_PAYMENT_TEXT}\n${REPLY_PROMISE}\n`,
    html: `<p>${escapeHtml(intro)}</p>${htmlTable(rows(booking))}<p>${escapeHtml(NO_PAYMENT_TEXT)}</p><p>${escapeHtml(REPLY_PROMISE)}</p>`,
  }
}

export function teamNotification(booking: StoredBooking, teamEmail: string): MailMessage {
  const all = [...rows(booking), ...contactRows(booking)]
  return {
    to: teamEmail,
    replyTo: booking.email,
    subject: `New booking request ${booking.booking_ref}: ${booking.experience_title}, ${booking.date}`,
    text: `A new booking request arrived.\n\n${textTable(all)}\n`,
    html: `<p>A new booking request arrived.</p>${htmlTable(all)}`,
  }
}

export type SendBookingNotificationsDeps = {outbox: Outbox; teamEmail: string}

const bookingMails = (booking: StoredBooking, teamEmail: string) =>
  [
    [`${booking._id}-traveller`, travellerConfirmation(booking)],
    [`${booking._id}-team`, teamNotification(booking, teamEmail)],
  ] as const

/** Queues both mails for a stored booking. Mail ids derive from the booking's id, so a repeat is a no-op. */
export async function queueBookingNotifications(
  booking: StoredBooking,
  {outbox, teamEmail}: SendBookingNotificationsDeps,
): Promise<void> {
  for (const [id, message] of bookingMails(booking, teamEmail))
    await outbox.enqueue(id, message, booking._id)
}

/**
 * What storing a booking needs from the outbox: its two mails as mutations, committed in the booking's own
 * transaction (so a stored booking always has them, at no extra lake request), and a nudge to send them once
 * the booking is stored.
 */
export type BookingNotifier = {
  mails: (booking: StoredBooking) => Mutation[]
  stored: () => void
}

export const bookingNotifier = ({
  outbox,
  teamEmail,
}: SendBookingNotificationsDeps): BookingNotifier => ({
  mails: (booking) =>
    bookingMails(booking, teamEmail).map(([id, message]) =>
      outbox.queueMutation(id, message, booking._id),
    ),
  stored: () => void outbox.flush().catch((error: unknown) => console.error('[outbox]', error)),
})

/** Queues the mails of every booking received since `since` again (see lib/requeue.ts). */
export function sweepBookingNotifications(
  since: string,
  deps: SendBookingNotificationsDeps & {bookings: SanityClient},
): Promise<number> {
  return requeueSince<StoredBooking>(
    deps.bookings,
    '*[_type == "booking" && created_at >= $since] | order(created_at asc)',
    since,
    (booking) => queueBookingNotifications(booking, deps),
  )
}
