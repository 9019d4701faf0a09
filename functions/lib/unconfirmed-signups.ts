import type {SanityClient} from '@sanity/client'

import {UNCONFIRMED_SIGNUP_DAYS} from '@repo/schemas/retention-periods.ts'

import {purgeByQuery} from './purge.ts'
import {staleUnconfirmedSignupsQuery} from './queries/stale-unconfirmed-signups-query.ts'

/**
 * Removes the newsletter sign-ups whose address was never confirmed within `UNCONFIRMED_SIGNUP_DAYS` of the last
 * sign-up: one delete by query, so a sign-up renewed a moment ago (a later `signed_up_at`) or confirmed meanwhile
 * is never caught by a list read a moment before. Confirmed and unsubscribed records are not touched. Purged, so
 * the lake's history of the sign-up keeps no address either.
 */
export async function removeUnconfirmedSignups(
  bookings: SanityClient,
  asOf: Date,
): Promise<{removed: number}> {
  const cutoff = new Date(asOf.getTime() - UNCONFIRMED_SIGNUP_DAYS * 24 * 3_600_000).toISOString()
  const result = await bookings.mutate(
    [
      purgeByQuery(staleUnconfirmedSignupsQuery, {cutoff}),
    ],
    {returnDocuments: false, visibility: 'sync'},
  )
  return {removed: result.results.filter((entry) => entry.operation === 'delete').length}
}
