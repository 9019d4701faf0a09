import type {SanityClient} from '@sanity/client'

import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {
  REVIEW_REQUEST_LATEST_DAYS,
  reviewRequestDays,
  reviewRequestDue,
} from '@repo/schemas/reviews.ts'

import {composeMail, type MailContent} from '../lib/mail-content.ts'
import type {Outbox} from '../lib/mailer.ts'
import {reviewLinkUrl} from '../lib/review-link.ts'
import {
  reviewRequestAttendedDeparturesQuery,
  reviewRequestCandidatesQuery,
} from './queries/review-request-candidates-query.ts'
import {reviewRequestSettingsQuery} from './queries/review-request-settings-query.ts'

/**
 * The mail asking a traveller to review their trip, the set number of days after it (`reviewRequestDaysAfter` in
 * site settings), from the editors' `reviewRequest` template, with a private link to the review form. As with the
 * trip reminders, its outbox document is the durable schedule: its id names the booking, and it is created only
 * if missing in the lake every server shares, so any number of runs on any number of servers queue it once.
 */
export type ReviewRequestDeps = {
  bookings: SanityClient
  content: Pick<SanityClient, 'fetch'>
  mailContent: () => Promise<MailContent>
  outbox: Pick<Outbox, 'queueMutation' | 'flush'>
  siteUrl: string
  secret: string
}

/** One review request per booking, whatever its date became. */
export const reviewRequestMailId = (booking: {_id: string}) => `${booking._id}-review-request`

/** Queues the review requests due at `now` (each once, across servers and runs) and sends what is queued. */
export async function sendReviewRequests(
  deps: ReviewRequestDeps,
  now: Date,
): Promise<{due: number}> {
  const settings = await deps.content.fetch(
    reviewRequestSettingsQuery,
    {},
    {perspective: 'published'},
  )
  const days = reviewRequestDays(settings?.reviewRequestDaysAfter)
  const today = todayInCapeTown(now)
  const range = {from: addDays(today, -REVIEW_REQUEST_LATEST_DAYS), to: addDays(today, -days)}
  const [candidates, attended] = await Promise.all([
    deps.bookings.fetch(reviewRequestCandidatesQuery, range),
    deps.bookings.fetch(reviewRequestAttendedDeparturesQuery, range),
  ])
  // Only travellers who came (issue 46): never a no-show, and on a departure where the guide checked people in,
  // only those checked in. A departure nobody recorded attendance on asks everyone confirmed, as before check-in.
  const checkedInOn = new Set(attended.map((d) => `${d.experience_id}|${d.date}`))
  const came = (booking: (typeof candidates)[number]) =>
    booking.attendance === 'came' ||
    (booking.attendance === null && !checkedInOn.has(`${booking.experience_id}|${booking.date}`))
  const due = candidates.filter(
    (booking) => came(booking) && reviewRequestDue(booking.date, days, now),
  )
  if (!due.length) return {due: 0}
  const content = await deps.mailContent()
  await deps.bookings.mutate(
    due.map((booking) =>
      deps.outbox.queueMutation(
        reviewRequestMailId(booking),
        composeMail(
          'reviewRequest',
          {
            name: booking.name ?? '',
            experience: booking.experience_title ?? '',
            date: formatDateInWords(booking.date),
            reviewLink: reviewLinkUrl(deps.siteUrl, deps.secret, booking, now),
          },
          content,
          {to: booking.email ?? ''},
        ),
        booking._id,
      ),
    ),
    {visibility: 'sync'},
  )
  await deps.outbox.flush()
  return {due: due.length}
}
