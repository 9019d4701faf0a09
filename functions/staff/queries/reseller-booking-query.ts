import {defineQuery} from 'groq'

/** A site booking with what tells whether a reseller sold it (`octo_booking`, set by functions/octo/bookings.ts). */
export const resellerBookingQuery = defineQuery(`*[_type == "booking" && _id == $id][0]{_id, _rev, booking_ref, status, octo_booking, reseller_name}`)
