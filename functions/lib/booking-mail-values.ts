import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import type {PlaceholderValues} from '@repo/schemas/mail-templates.ts'

import {requestLinkExpiry, requestLinkToken, requestLinkUrl} from './request-link.ts'

/** What a booking's mails say about it, in words: the same for the acknowledgement, decisions and answers. */
export type BookingForMail = {
  _id: string
  booking_ref: string
  experience_id?: string | null
  experience_title?: string | null
  date?: string | null
  preferred_time?: string | null
  pax_adults?: number | null
  pax_children?: number | null
  name?: string | null
  email?: string | null
  /** The booking's history, where a mail carries a calendar invitation (its SEQUENCE is counted from it). */
  status_history?: {_key: string; status?: string | null}[] | null
}

/** Where the traveller's private request page is, and how its links are signed. */
export type RequestLinks = {siteUrl: string; secret: string; now: () => Date}

export const requestLinkFor = (links: RequestLinks, booking: {_id: string; date?: string | null}) =>
  requestLinkUrl(
    links.siteUrl,
    requestLinkToken(links.secret, booking._id, requestLinkExpiry(booking.date ?? '', links.now())),
  )

/** A time as the traveller chose it, or "Any time" when they left it open. */
export const timeInWords = (time: string | null | undefined) => time?.trim() || 'Any time'

export function bookingMailValues(booking: BookingForMail, links: RequestLinks): PlaceholderValues {
  return {
    name: booking.name ?? '',
    email: booking.email ?? '',
    reference: booking.booking_ref,
    experience: booking.experience_title ?? '',
    date: booking.date ? formatDateInWords(booking.date) : '',
    time: timeInWords(booking.preferred_time),
    group: formatGroupInWords(booking.pax_adults ?? 0, booking.pax_children ?? 0),
    requestLink: requestLinkFor(links, booking),
  }
}
