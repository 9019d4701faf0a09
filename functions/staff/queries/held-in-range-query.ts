import {defineQuery} from 'groq'

/** The places held in a range: open offers, and requests that came from an offer. */
export const heldInRangeQuery = defineQuery(`{
  "offers": *[_type == "waitlistEntry" && state == "offered" && date >= $from && date <= $to]{experience_id, date, "slot": preferred_time, "pax": pax_total},
  "requests": *[_type == "booking" && defined(waitlist_entry) && status in ["new", "contacted"] && date >= $from && date <= $to]._id
}`)
