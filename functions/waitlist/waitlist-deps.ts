import type {SanityClient} from '@sanity/client'

import {formatDateInWords, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import type {PlaceholderValues} from '@repo/schemas/mail-templates.ts'
import {addDays} from '@repo/schemas/iso-date.ts'
import type {WaitlistState} from '@repo/schemas/waitlist.ts'

import type {MailBudget} from '../lib/mail-budget.ts'
import type {MailContent} from '../lib/mail-content.ts'
import type {Outbox} from '../lib/mailer.ts'
import {requestLinkToken} from '../lib/request-link.ts'
import {tripTimeInWords} from '../lib/trip-mail-values.ts'
import type {BookingNotifier} from '../send-booking-notifications/handler.ts'
import {entryFields} from './queries/entry-fields.ts'
import {waitlistEntryByIdQuery} from './queries/waitlist-entry-by-id-query.ts'

/** What the waitlist's functions and job need; the site's runtime provides it (index.ts), tests their own. */
export type WaitlistDeps = {
  /** Published content: experiences, their rules, site settings. */
  content: SanityClient
  /** The private `bookings` dataset, with a write token: entries hold names and emails. */
  bookings: SanityClient
  mailContent: () => Promise<MailContent>
  outbox: Pick<Outbox, 'queueMutation' | 'flush'>
  /** A booking request's own mails (acknowledgement, the team's), as the booking form's request has them. */
  notify: BookingNotifier
  /** Signs the offer and leave links (`env.requestLinkSecret`), as it signs request links. */
  secret: string
  siteUrl: string
  now: () => Date
  /** Mails to addresses nobody has confirmed (lib/mail-budget.ts): the join confirmation counts there. */
  unconfirmedMail?: MailBudget
  onError?: (error: unknown) => void
}

/** A waitlist entry as stored in the `bookings` dataset (the fields the capacity queries read keep booking names). */
export type WaitlistEntry = {
  _id: string
  _rev: string
  _type: 'waitlistEntry'
  state: WaitlistState
  experience_id: string
  experience_title: string
  date: string
  /** The slot, or '' for the day as a whole. */
  preferred_time: string
  pax_adults: number
  pax_children: number
  pax_total: number
  name: string
  email: string
  joined_at: string
  // A projection answers null for a field the document lacks.
  offered_at?: string | null
  hold_until?: string | null
  lapsed_at?: string | null
  booking_id?: string | null
  booked_at?: string | null
}

export {entryFields, waitlistEntryByIdQuery as entryByIdQuery}

/** A leave link works until a week after the trip: long after anything could still be offered. */
export const leaveLinkExpiry = (date: string) => new Date(`${addDays(date, 7)}T23:59:59Z`)

const url = (deps: Pick<WaitlistDeps, 'siteUrl'>, path: string) =>
  `${deps.siteUrl.replace(/\/+$/, '')}${path}`

export const leaveLinkFor = (
  deps: Pick<WaitlistDeps, 'siteUrl' | 'secret'>,
  entry: WaitlistEntry,
) =>
  url(
    deps,
    `/waitlist/leave/${requestLinkToken(deps.secret, entry._id, leaveLinkExpiry(entry.date), 'waitlist-leave')}`,
  )

/** The offer's link stops working when its hold ends. */
export const offerLinkFor = (
  deps: Pick<WaitlistDeps, 'siteUrl' | 'secret'>,
  entry: Pick<WaitlistEntry, '_id'>,
  holdUntil: Date,
) =>
  url(
    deps,
    `/waitlist/offers/${requestLinkToken(deps.secret, entry._id, holdUntil, 'waitlist-offer')}`,
  )

/**
 * What the waitlist's mails say. Never the name: the address has not been confirmed by anyone, so these mails
 * carry only what the business controls (docs/decisions/045-mail-to-unconfirmed-addresses.md). `{time}` is the
 * start line's time as the booking mails say it (lib/trip-mail-values.ts): the experience's start time when it has
 * one, never "Any time" beside it.
 */
export const entryMailValues = (
  deps: Pick<WaitlistDeps, 'siteUrl' | 'secret'>,
  entry: WaitlistEntry,
  content: Pick<MailContent, 'trips'>,
): PlaceholderValues => ({
  experience: entry.experience_title,
  date: formatDateInWords(entry.date),
  time: tripTimeInWords(entry, content),
  group: formatGroupInWords(entry.pax_adults, entry.pax_children),
  leaveLink: leaveLinkFor(deps, entry),
})

export const holdUntilInWords = (holdUntil: Date) => formatLongDateTime(holdUntil)
