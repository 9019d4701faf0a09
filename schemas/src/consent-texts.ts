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

export type ConsentCheckboxKey = 'bookingRequest' | 'privacy' | 'newsletter' | 'tripRequest'
