import type {SanityClient} from '@sanity/client'
import {purgeMutation} from './purge.ts'
import {reviewLinksQuery} from './queries/review-links-query.ts'

/**
 * The reviews a traveller wrote about their bookings, gone with an erasure: the review in the public dataset
 * (published and draft, purged so its history goes too) and the private link from the booking to it. The
 * one-per-booking lock stays: it names nobody. Retention alone leaves a published review up, as its author
 * agreed to its publication under the name they chose.
 */
export async function eraseReviews(
  deps: {bookings: SanityClient; content?: SanityClient},
  bookingIds: readonly string[],
): Promise<number> {
  if (!deps.content || bookingIds.length === 0) return 0
  const links = await deps.bookings.fetch(reviewLinksQuery, {ids: bookingIds})
  if (links.length === 0) return 0
  // `purge` is the mutate API's (since v2023-03-07); @sanity/client's types do not name it yet.
  await deps.content.mutate(
    links.flatMap((link) => [link.review_id, `drafts.${link.review_id}`]).map(purgeMutation),
    {visibility: 'sync'},
  )
  await deps.bookings.mutate(
    links.map((link) => purgeMutation(link._id)),
    {visibility: 'sync'},
  )
  return links.length
}
