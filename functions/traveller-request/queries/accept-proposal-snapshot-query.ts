import {defineQuery} from 'groq'

import {
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
} from '@repo/schemas/held-places-query.ts'

import {requestBookingFields} from './request-booking-fields.ts'

/**
 * The booking, the chosen departure's lock and what that departure's other bookings and held waitlist places take,
 * read together.
 */
export const acceptProposalSnapshotQuery = defineQuery(`{
  "booking": *[_type == "booking" && _id == $id][0]{${requestBookingFields}},
  "lock": *[_type == "departure" && _id == $lockId][0]{_id, _rev, cancelled_at},
  "loads": *[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && _id != $id && experience_id == $experience && date == $date && (status in $statuses || ${HELD_LOADS_FILTER})]{date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}
}`)
