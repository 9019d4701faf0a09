import {defineQuery} from 'groq'

/**
 * The departures staff cancelled in a range, each with the travellers that were on it: the bookings whose history
 * holds this cancellation (its entry is written in the same transaction as the lock's `cancelled_at`, at the same
 * moment), wherever they have moved since.
 */
export const cancelledDeparturesQuery =
  defineQuery(`*[_type == "departure" && date >= $from && date <= $to && defined(cancelled_at)] | order(date asc) {
  experience_id, date, cancelled_at, cancelled_by, cancelled_reason,
  "bookings": *[_type == "booking" && !(_id in path("drafts.**")) && experience_id == ^.experience_id && ^.cancelled_at in status_history[action == "cancel-departure"].at] | order(created_at asc) {
    _id, booking_ref, name, date, "pax": pax_total, status, "last": status_history[-1].action
  }
}`)
