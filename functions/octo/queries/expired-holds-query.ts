import {defineQuery} from 'groq'

/** Holds past their time, oldest first, 500 a run. */
export const expiredHoldsQuery = defineQuery(`*[_type == "octoBooking" && state == "on_hold" && hold_until <= $now] | order(hold_until asc) [0...500] {_id, _rev}`)
