import {defineQuery} from 'groq'

import {octoFields} from './octo-fields.ts'

/** One of this reseller's bookings by id: another reseller's id finds nothing. */
export const octoBookingQuery = defineQuery(`*[_type == "octoBooking" && _id == $id && reseller_id == $reseller][0]{${octoFields}}`)
