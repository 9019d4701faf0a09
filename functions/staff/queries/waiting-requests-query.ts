import {defineQuery} from 'groq'

/** Requests still `new` since before the cutoff, for trips ahead (or with no date): the daily digest's list. */
export const waitingRequestsQuery =
  defineQuery(`*[_type == "booking" && status == "new" && created_at <= $cutoff
  && (!defined(date) || date >= $today)] | order(created_at asc, _id asc)
  {booking_ref, name, experience_title, date, created_at}`)
