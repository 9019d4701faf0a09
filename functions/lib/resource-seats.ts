import type {SanityClient} from '@sanity/client'

import type {SharedResource} from '@repo/schemas/confirm-within-places.ts'
import {resourceLockId} from '@repo/schemas/resources.ts'

import {ACTIVE_STATUSES} from './departure-loads.ts'
import {experienceResourceQuery, resourceSnapshotQuery} from './queries/resource-queries.ts'

/**
 * The boat or vehicle whose seats also cap an experience's departures on `date`, for `confirmWithinPlaces`
 * (docs/decisions/238-resources-in-the-content.md); null when the experience uses none. Every path that confirms
 * places passes it, so one boat's seats hold across experiences and servers.
 */
export async function loadSharedResource(
  content: SanityClient,
  bookings: SanityClient,
  experience: {_id: string; slug: string},
  date: string,
  self: string | null,
): Promise<SharedResource | null> {
  const found = await content.fetch(experienceResourceQuery, {id: experience._id})
  if (!found || typeof found.seats !== 'number') return null
  const experiences = [
    ...new Set([experience.slug, ...(found.experiences ?? []).filter((s): s is string => !!s)]),
  ]
  const lockId = resourceLockId(found._id, date)
  return {
    cap: {id: found._id, name: found.name ?? found._id, seats: found.seats, experiences},
    lockId,
    date,
    read: () =>
      bookings.fetch(resourceSnapshotQuery, {
        lockId,
        experiences,
        date,
        statuses: [...ACTIVE_STATUSES],
        self,
      }),
  }
}
