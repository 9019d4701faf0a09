import {defineQuery} from 'groq'

import {
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
} from '@repo/schemas/held-places-query.ts'

import {bookingFields} from './booking-fields.ts'

/**
 * The booking desk's snapshot (booking-desk.ts): the booking (none yet for a new one), the departure's lock and what
 * the departure's other bookings and held places take, the booking itself left out, as its new group replaces its
 * old one. One query, so the lock's revision and the counts agree.
 */
export const deskSnapshotQuery = defineQuery(`{
  "booking": *[_type == "booking" && _id == $id][0]{${bookingFields}},
  "lock": *[_type == "departure" && _id == $lockId][0]{_id, _rev, cancelled_at},
  "loads": *[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && _id != $id && experience_id == $experience && date == $date && (status in $statuses || ${HELD_LOADS_FILTER})]{date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}
}`)
