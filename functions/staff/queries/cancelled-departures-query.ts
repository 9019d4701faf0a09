import {defineQuery} from 'groq'

/**
 * The departures staff cancelled in a range. Their travellers are read by `cancelledDepartureBookingsQuery` and
 * joined in code: a booking scan nested in this one would cost departures × bookings, which the lake (as hosted)
 * refuses on a larger bookings dataset (docs/decisions/217-departures-view-flat-queries.md).
 */
export const cancelledDeparturesQuery =
  defineQuery(`*[_type == "departure" && date >= $from && date <= $to && defined(cancelled_at)] | order(date asc) {
  experience_id, date, cancelled_at, cancelled_by, cancelled_reason
}`)

/**
 * The travellers that were on the given cancelled departures: the bookings of `$experiences` whose history holds one
 * of the cancellations at `$cancelledAts` (its entry is written in the same transaction as the lock's `cancelled_at`,
 * at the same moment), wherever they have moved since. One flat scan; each booking's cancellation moments let the
 * caller match it to its departure by experience and moment.
 */
export const cancelledDepartureBookingsQuery =
  defineQuery(`*[_type == "booking" && !(_id in path("drafts.**")) && experience_id in $experiences && count(status_history[action == "cancel-departure" && at in $cancelledAts]) > 0] | order(created_at asc) {
  _id, booking_ref, name, date, experience_id, "pax": pax_total, status, "last": status_history[-1].action,
  "cancelledAts": status_history[action == "cancel-departure"].at
}`)
