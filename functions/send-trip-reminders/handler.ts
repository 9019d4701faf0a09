import type {SanityClient} from '@sanity/client'

import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import type {PlaceholderValues} from '@repo/schemas/mail-templates.ts'
import type {ReminderSettingsQueryResult} from '@repo/schemas/sanity.types'
import {reminderDue, reminderHours} from '@repo/schemas/trip-reminders.ts'

import {
  bookingMailValues,
  type BookingForMail,
  type RequestLinks,
} from '../lib/booking-mail-values.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import type {Outbox} from '../lib/mailer.ts'
import {tripMailValues, tripOf} from '../lib/trip-mail-values.ts'
import {reminderCandidatesQuery} from './queries/reminder-candidates-query.ts'
import {reminderSettingsQuery} from './queries/reminder-settings-query.ts'

/**
 * The reminder before each confirmed trip, from the editors' `reminder` template: the meeting point and time,
 * what to bring, and how to reach the team. Its outbox document is the durable schedule: its id names the booking
 * and the trip's date, and it is created only if missing, in the lake every server shares, so any number of runs
 * on any number of servers, before or after a restart, queue it once (a new date gets its own reminder).
 */
export type ReminderDeps = {
  bookings: SanityClient
  content: Pick<SanityClient, 'fetch'>
  mailContent: () => Promise<MailContent>
  outbox: Pick<Outbox, 'queueMutation' | 'flush'>
  links: RequestLinks
}

type ReminderBooking = BookingForMail & {_id: string; date: string; experience_id?: string | null}

/** Confirmed trips from today to the furthest day a reminder could be due for (published, never drafts). */

type ReminderSettings = ReminderSettingsQueryResult

/** One reminder per booking and trip date. */
export const reminderMailId = (booking: {_id: string; date: string}) =>
  `${booking._id}-reminder-${booking.date}`

/** WhatsApp's click-to-chat link for the number in site settings (digits only, with the country code). */
export function whatsappLink(number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/[^\d]/g, '')
  return digits.length >= 8 && digits.length <= 15 ? `https://wa.me/${digits}` : null
}

function reminderValues(
  booking: ReminderBooking,
  content: MailContent,
  settings: ReminderSettings,
  links: RequestLinks,
): PlaceholderValues {
  const trip = tripOf(booking, content)
  const bring = (trip?.whatToBring ?? []).map((item) => item.trim()).filter(Boolean)
  const contact: [string, string][] = []
  if (settings?.phone?.trim()) contact.push(['Phone', settings.phone.trim()])
  const whatsapp = whatsappLink(settings?.whatsapp)
  if (whatsapp) contact.push(['WhatsApp', whatsapp])
  return {
    ...bookingMailValues(booking, links),
    ...tripMailValues(booking, content),
    whatToBring: bring.length ? {list: bring} : 'Nothing special: we bring what the trip needs.',
    contact: contact.length ? {rows: contact} : 'Reply to this email.',
  }
}

/** Queues the reminders due at `now` (at most once each, across servers and runs) and sends what is queued. */
export async function sendTripReminders(deps: ReminderDeps, now: Date): Promise<{due: number}> {
  const settings = await deps.content.fetch(reminderSettingsQuery, {}, {perspective: 'published'})
  const hours = reminderHours(settings?.reminderHoursBefore)
  const from = todayInCapeTown(now)
  // A day past the window's end: a trip on that day may start late enough to be due already.
  const to = todayInCapeTown(new Date(now.getTime() + (hours + 24) * 3_600_000))
  const candidates = await deps.bookings.fetch(reminderCandidatesQuery, {
    from,
    to,
  })
  const content = await deps.mailContent()
  const due = candidates.filter((booking) =>
    reminderDue(booking.date, tripOf(booking, content), hours, now),
  )
  if (due.length) {
    await deps.bookings.mutate(
      due.map((booking) =>
        deps.outbox.queueMutation(
          reminderMailId(booking),
          composeMail('reminder', reminderValues(booking, content, settings, deps.links), content, {
            to: booking.email ?? '',
          }),
          booking._id,
        ),
      ),
      {visibility: 'sync'},
    )
    await deps.outbox.flush()
  }
  return {due: due.length}
}
