import {defineQuery} from 'groq'

import {requestBookingFields} from './request-booking-fields.ts'

/** The booking, its new departure's lock and that departure's other bookings, read together. */
export const departureChoiceSnapshotQuery = defineQuery(`{
  "booking": *[_type == "booking" && _id == $id][0]{${requestBookingFields}},
  "lock": *[_type == "departure" && _id == $lockId][0]{_id, _rev, cancelled_at},
  "loads": *[_type == "booking" && !(_id in path("drafts.**")) && _id != $id && experience_id == $experience && date == $date && status in $statuses]{date, "slot": preferred_time, status, "pax": pax_total}
}`)
