import type {SanityClient} from '@sanity/client'

import type {MailBudget} from '../lib/mail-budget.ts'
import type {MailContent} from '../lib/mail-content.ts'
import type {Outbox} from '../lib/mailer.ts'
import {bookingMailValues, type RequestLinks} from '../lib/booking-mail-values.ts'
import type {RequestBooking} from './request-view.ts'

/** What the traveller's request functions need; the site's runtime provides it (index.ts), tests their own. */
export type TravellerRequestDeps = {
  /** Published content: site settings, experiences and their rules. */
  content: SanityClient
  /** The editors' mail templates and the brand (the runtime's loader, shared by every mail). */
  mailContent: () => Promise<MailContent>
  /** The private `bookings` dataset, with a write token. */
  bookings: SanityClient
  outbox: Pick<Outbox, 'queueMutation' | 'flush'>
  /** Signs and checks the links (`env.requestLinkSecret`). */
  secret: string
  /** The site's public address: the links in mails, and the one origin allowed to post. */
  siteUrl: string
  teamEmail: string
  now: () => Date
  /** Today in Cape Town (`yyyy-MM-dd`): a proposed date before it can no longer be accepted. */
  today: () => string
  /** Mails to addresses nobody has confirmed (lib/mail-budget.ts); unset, no limit besides the link's own. */
  unconfirmedMail?: MailBudget
  onError?: (error: unknown) => void
  /**
   * Work a route does after its answer (a new link's lookup and mail): handed here as it starts. The site does not
   * wait for it; tests do, before they look at what it did.
   */
  afterAnswer?: (work: Promise<void>) => void
}

/** One answer for every link that does not open a request: it says nothing about any booking. */
export const INVALID_LINK_MESSAGE =
  'This link does not work. It may be incomplete, changed or too old. Ask for a new link with your booking reference and email address.'
/** A link to a request whose traveller was removed (the retention periods, or their own erasure request). */
export const REQUEST_REMOVED_MESSAGE =
  'This request no longer exists: the details in it were deleted, as our privacy notice describes.'
export const LINK_SENT_MESSAGE =
  'If the reference and email match a request, we have sent a new link to that email.'
export const STALE_OPTION_MESSAGE =
  'This date is no longer on offer. Reload the page to see what the team proposes now.'
export const CHANGED_MESSAGE =
  'Your request changed at the same moment, perhaps in another window. Reload the page to see where it stands.'
export const DATE_FULL_MESSAGE =
  'This date has just filled up. Please choose another proposed date or reply to the team’s email.'
export const DATE_PASSED_MESSAGE =
  'This date has already passed. Please choose another proposed date or reply to the team’s email.'
export const CANNOT_WITHDRAW_MESSAGE =
  'This request is already closed or declined: there is nothing to withdraw.'
export const NOT_CONFIRMED_MESSAGE =
  'There is no confirmed trip to add to a calendar yet: the file is here once the team confirms your request.'
export const CROSS_ORIGIN_MESSAGE = 'Requests from other sites are refused.'
export const TRY_AGAIN_MESSAGE = 'We could not save this just now. Please try again in a moment.'

/** Where links point and how they are signed, from these deps. */
export const linksOf = (deps: TravellerRequestDeps): RequestLinks => ({
  siteUrl: deps.siteUrl,
  secret: deps.secret,
  now: deps.now,
})

/** The placeholders every request mail may use, from the booking as it now stands. */
export const requestMailValues = (deps: TravellerRequestDeps, booking: RequestBooking) =>
  bookingMailValues(booking, linksOf(deps))

export const nudgeOutbox = (deps: TravellerRequestDeps) =>
  void deps.outbox.flush().catch((error: unknown) => deps.onError?.(error))
