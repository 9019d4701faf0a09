import {defineQuery} from 'groq'

import {
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
} from '@repo/schemas/held-places-query.ts'

import {bookingFields} from './booking-fields.ts'

/** The booking, its departure's lock and what that departure's bookings and held places take: one snapshot. */
export const departureSnapshotQuery = defineQuery(`{
  "booking": *[_type == "booking" && _id == $id][0]{${bookingFields}},
  "lock": *[_type == "departure" && _id == $lockId][0]{_id, _rev, cancelled_at},
  "loads": *[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && experience_id == $experience && date == $date && (status in $statuses || ${HELD_LOADS_FILTER})]{date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}
}`)
