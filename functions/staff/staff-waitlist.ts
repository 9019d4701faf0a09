import type {BookingLoad} from '@repo/schemas/capacity.ts'
import type {StaffWaitlistAnswer, StaffWaitlistEntry} from '@repo/schemas/waitlist.ts'

import {dateRangeSchema, paramErrors, singleQueryParams} from '../lib/query-params.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'
import {heldInRangeQuery} from './queries/held-in-range-query.ts'
import {staffWaitlistQuery} from './queries/staff-waitlist-query.ts'

/** The departures view's range limit, so the panel can ask for what the view shows. */
export const WAITLIST_MAX_DAYS = 92

/**
 * Everyone on a waitlist for departures in a range, in the order they joined: who, how many, since when and where
 * their offer stands (with the request's reference once they took it). One query over the bookings dataset.
 */
export {heldInRangeQuery, staffWaitlistQuery}

export async function listWaitlist(
  deps: Pick<StaffDeps, 'client'>,
  search: URLSearchParams,
): Promise<HandlerResult> {
  const single = singleQueryParams(search, ['from', 'to'])
  if (!single.ok)
    return {
      status: 400,
      body: {error: single.message, fieldErrors: {[single.name]: [single.message]}},
    }
  const parsed = dateRangeSchema(
    WAITLIST_MAX_DAYS,
    `Choose at most ${WAITLIST_MAX_DAYS} days.`,
  ).safeParse(single.values)
  if (!parsed.success) {
    const {message, fieldErrors} = paramErrors(parsed.error)
    return {status: 400, body: {error: message, fieldErrors}}
  }
  const {from, to} = parsed.data
  const entries: StaffWaitlistEntry[] = await deps.client.fetch(staffWaitlistQuery, {from, to})
  return {status: 200, body: {from, to, entries} satisfies StaffWaitlistAnswer}
}

/**
 * What waitlist offers hold in a range, for the departures view's numbers (docs/decisions/095-a-waitlist-per-
 * departure.md): the open offers' places (and resellers' holds, functions/octo), per experience, and the requests made from offers, whose places count as
 * taken (`held`) while staff have not decided them, as every capacity check counts them (lib/departure-loads.ts).
 */
export type HeldInRange = {
  offers: {experience_id: string; date: string; slot: string; pax: number}[]
  requests: string[]
}

export async function loadHeld(
  client: StaffDeps['client'],
  range: {from: string; to: string},
): Promise<{
  offersOf: (experience: string) => BookingLoad[]
  statusOf: (booking: {_id: string; status: string}) => string
}> {
  const held: HeldInRange = await client.fetch(heldInRangeQuery, range)
  const requests = new Set(held.requests)
  return {
    offersOf: (experience) =>
      held.offers
        .filter((offer) => offer.experience_id === experience)
        .map((offer) => ({date: offer.date, slot: offer.slot, status: 'held', pax: offer.pax})),
    statusOf: (booking) => (requests.has(booking._id) ? 'held' : booking.status),
  }
}
