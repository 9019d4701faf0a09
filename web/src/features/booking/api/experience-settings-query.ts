import {defineQuery} from 'groq'

import {bookingRulesProjection} from '@repo/schemas/booking-rules-query.ts'

export const experienceSettingsQuery = defineQuery(
  `*[_type == "experienceSettings" && experience._ref == $id][0]${bookingRulesProjection}`,
)
