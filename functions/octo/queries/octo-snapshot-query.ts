import {defineQuery} from 'groq'

import {
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
} from '@repo/schemas/held-places-query.ts'

import {octoFields} from './octo-fields.ts'

/** A hold's snapshot in one read: the booking, the departure's lock and the places the departure's bookings take. */
export const octoSnapshotQuery = defineQuery(`{
  "booking": *[_type == "octoBooking" && _id == $id][0]{${octoFields}},
  "lock": *[_type == "departure" && _id == $lockId][0]{_id, _rev, cancelled_at},
  "loads": *[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && _id != $exclude && experience_id == $experience && date == $date && (status in $statuses || ${HELD_LOADS_FILTER})]{date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}
}`)
