/**
 * The words of the consent boxes the forms show, recorded by the server in these very words with the privacy notice's
 * version (privacy-notice.ts). A module of their own: the home page's newsletter box needs one sentence, not the
 * notice.
 */

/** The booking form's boxes, shown by the form and recorded by the server in these very words. */
export const BOOKING_CONSENT_TEXTS = {
  bookingRequest: 'I understand this is a booking request, not a confirmed booking',
  privacy: 'I agree to the privacy policy',
} as const

/** The newsletter box while site settings have none. */
export const DEFAULT_NEWSLETTER_CONSENT_TEXT =
  'Yes, email me news and offers. I can unsubscribe at any time.'

/** The trip request forms have no box: sending one is agreeing to the notice, which they link to. */
export const TRIP_REQUEST_CONSENT_TEXT = 'By sending this request you agree to our privacy policy.'

/**
 * A booking staff entered for a guest on the phone or at the desk (booking-desk.ts): the person entering it read the
 * privacy policy to the guest, who agreed; the record names who entered it in the booking's history.
 */
export const DESK_CONSENT_TEXT =
  'The guest agreed to the privacy policy, read to them by phone or at the desk by the person who entered the booking.'

export type ConsentCheckboxKey =
  | 'bookingRequest'
  | 'privacy'
  | 'newsletter'
  | 'tripRequest'
  | 'deskByPhone'
