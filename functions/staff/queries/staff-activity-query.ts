import {defineQuery} from 'groq'

/**
 * The activity log, newest first, filtered by person, request (its id or reference) and time; each entry with
 * the request's current reference.
 */
export const staffActivityQuery = defineQuery(`*[_type == "staffActivity"
  && ($person == "" || personId == $person)
  && ($booking == "" || bookingId == $booking || bookingRef == $booking)
  && ($from == "" || at >= $from)
  && ($to == "" || at < $to)
] | order(at desc) [0...200]{_id, at, personId, personName, kind, summary, bookingId, bookingRef}`)
