/**
 * What the waitlist's mailed links open (docs/decisions/095-a-waitlist-per-departure.md): the offer of held places and
 * the way out of the line. The function answers these as data (functions/waitlist/waitlist-links.ts) and the site's
 * pages show them (web/src/app/routes/waitlist-offer.tsx, waitlist-leave.tsx), so the words of every answer live
 * here once. No zod here: public pages import this statically.
 */

/** The trip a waitlist entry is for, in words. */
export type WaitlistTripView = {
  experience: string
  /** ISO date of the departure. */
  date: string
  /**
   * When the trip starts, in the one line the request page and the mails use (format-date.ts `formatTripWhen`):
   * "Thursday 10 December 2026, 17:30 SAST".
   */
  when: string
  group: string
}

/** An open offer: the trip and until when its places are held for the traveller, in Cape Town time. */
export type WaitlistOfferView = WaitlistTripView & {holdUntil: string}

/** Why an offer cannot be taken. */
export type OfferRefusal = 'invalid' | 'lapsed' | 'taken' | 'changed' | 'cancelled'

/** Every answer a waitlist link can give instead of its page, with its status and words. */
export type WaitlistLinkAnswer = OfferRefusal | 'not-listed' | 'cross-site' | 'busy' | 'unavailable'

export const WAITLIST_LINK_ANSWERS: Record<
  WaitlistLinkAnswer,
  {status: number; title: string; text: string}
> = {
  'invalid': {
    status: 404,
    title: 'This link does not work',
    text: 'It may be incomplete, changed or too old. If you are on a waitlist, the mail we sent when you joined has a link to leave it.',
  },
  'lapsed': {
    status: 410,
    title: 'This offer has ended',
    text: 'The places were held for a limited time, and that time has passed; they have gone to the next person in line. You are welcome to choose another date on our site.',
  },
  'cancelled': {
    status: 410,
    title: 'This departure is cancelled',
    text: 'We had to cancel this date for the weather or the conditions, and wrote to you with other dates. You are welcome to choose one of them on our site.',
  },
  'taken': {
    status: 409,
    title: 'You have already asked for these places',
    text: 'Your booking request is made: the mail we sent you has the link to follow it.',
  },
  'changed': {
    status: 409,
    title: 'This offer changed just now',
    text: 'Perhaps in another window. Open the link in your mail again to see where it stands.',
  },
  'not-listed': {
    status: 404,
    title: 'You are not on this waitlist',
    text: 'You have left it already, or the date has passed.',
  },
  'cross-site': {
    status: 403,
    title: 'Requests from other sites are refused',
    text: 'Use the button on the page from your mail.',
  },
  'busy': {
    status: 429,
    title: 'Too many requests',
    text: 'Please wait a minute and try again.',
  },
  'unavailable': {
    status: 503,
    title: 'Please try again in a moment',
    text: 'We could not read or save this just now.',
  },
}

/** What the leave page says once the traveller has left. */
export const WAITLIST_LEFT = {
  title: 'You have left the waitlist',
  text: 'We will not write to you about this date again.',
}

/** The API's answer when a link gives no page: the problem shape every form reads, with the answer's name. */
export type WaitlistLinkProblem = {reason: WaitlistLinkAnswer; message: string}
