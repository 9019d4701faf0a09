import {defineQuery} from 'groq'

import {octoFields} from '../../octo/queries/octo-fields.ts'

/** A reseller's bookings for the Channels page, the newest first, with the site booking's status. */
export const channelBookingsQuery = defineQuery(`*[_type == "octoBooking" && reseller_id == $reseller] | order(created_at desc) [0...200] {${octoFields}}`)
