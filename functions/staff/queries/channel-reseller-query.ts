import {defineQuery} from 'groq'

import {channelResellerFields} from './channel-reseller-fields.ts'

/** One reseller for the Channels page, without its key's hash; null when there is none. */
export const channelResellerQuery = defineQuery(`*[_type == "reseller" && _id == $id][0]{${channelResellerFields}}`)
