import type {SanityClient} from '@sanity/client'

import type {StatusHistoryEntry} from '@repo/schemas/request-decisions.ts'

import type {BookingForMail, RequestLinks} from '../lib/booking-mail-values.ts'
import type {MailContent} from '../lib/mail-content.ts'
import type {MailMessage, OutboxMailDocument} from '../lib/mailer.ts'
import {decisionMail, isDecisionEntry} from './decide-booking.ts'

/**
 * Writes the traveller's mail of a decision taken in the studio's bookings workspace
 * (docs/decisions/012-the-request-loop.md). The studio runs in a browser, so it cannot sign the request link in the
 * mail: it stores the decision and an outbox document waiting to be composed (`status: 'compose'`), and a server's
 * outbox asks this composer for the mail, built from the booking and its history entry by the same function as the
 * staff API's decisions (`decisionMail`).
 */
export type DecisionMailComposerDeps = {
  /** The private `bookings` dataset. */
  bookings: SanityClient
  /** The editors' mail templates and the brand (the runtime's loader, shared by every mail). */
  mailContent: () => Promise<MailContent>
  links: RequestLinks
}

/** The published booking (never a draft) with its history, as its mails describe it. */
const composeBookingQuery = /* groq */ `*[_type == "booking" && _id == $id && !(_id in path("drafts.**"))][0]{
  _id, booking_ref, experience_id, experience_title, date, preferred_time, pax_adults, pax_children, name, email, status_history
}`

type ComposeBooking = Omit<BookingForMail, 'status_history'> & {
  status_history?: StatusHistoryEntry[] | null
}

/**
 * The outbox's `compose` step for decision mails: the mail, or null when there is nothing left to write it from
 * (the booking was deleted, or its history no longer has the decision), which the outbox records as failed.
 */
export function decisionMailComposer(
  deps: DecisionMailComposerDeps,
): (doc: OutboxMailDocument) => Promise<MailMessage | null> {
  return async (doc) => {
    if (!doc.about) return null
    const booking = await deps.bookings.fetch<ComposeBooking | null>(composeBookingQuery, {
      id: doc.about,
    })
    const entry = booking?.status_history?.find((item) => item.mail_id === doc.mail_id)
    if (!booking?.email || !entry || !isDecisionEntry(entry)) return null
    return decisionMail(booking, entry, await deps.mailContent(), deps.links)
  }
}
