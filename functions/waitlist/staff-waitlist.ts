import type {StaffWaitlistAnswer, StaffWaitlistEntry} from '@repo/schemas/waitlist.ts'

import {dateRangeSchema, paramErrors, singleQueryParams} from '../lib/query-params.ts'
import type {HandlerResult, StaffDeps} from '../staff/staff-deps.ts'

/** The departures view's range limit, so the panel can ask for what the view shows. */
export const WAITLIST_MAX_DAYS = 92

/**
 * Everyone on a waitlist for departures in a range, in the order they joined: who, how many, since when and where
 * their offer stands (with the request's reference once they took it). One query over the bookings dataset.
 */
export const staffWaitlistQuery = /* groq */ `*[_type == "waitlistEntry" && date >= $from && date <= $to] | order(date asc, joined_at asc) [0...2000] {
  _id, experience_id, date, "slot": coalesce(preferred_time, ""), name, email, "pax": pax_total, state, joined_at, offered_at, hold_until,
  "booking_ref": *[_type == "booking" && _id == ^.booking_id][0].booking_ref
}`

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
  const entries = await deps.client.fetch<StaffWaitlistEntry[]>(staffWaitlistQuery, {from, to})
  return {status: 200, body: {from, to, entries} satisfies StaffWaitlistAnswer}
}
