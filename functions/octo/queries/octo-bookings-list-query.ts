import {defineQuery} from 'groq'

import {octoFields} from './octo-fields.ts'

/** The most bookings one list answers with. */
export const MAX_LISTED = 500

/** This reseller's bookings, by its reference, ours, or a date range (each parameter null: not filtered by it). */
export const octoBookingsListQuery = defineQuery(`*[_type == "octoBooking" && reseller_id == $reseller
      && (!defined($resellerReference) || reseller_reference == $resellerReference)
      && (!defined($supplierReference) || supplier_reference == $supplierReference)
      && (!defined($from) || date >= $from) && (!defined($to) || date <= $to)
    ] | order(created_at asc) [0...${MAX_LISTED}] {${octoFields}}`)
