import {defineQuery} from 'groq'

import {channelResellerFields} from './channel-reseller-fields.ts'

/** Every reseller for the Channels page, newest first, without its key's hash. */
export const channelResellersQuery = defineQuery(`*[_type == "reseller"] | order(created_at desc) {${channelResellerFields}}`)
