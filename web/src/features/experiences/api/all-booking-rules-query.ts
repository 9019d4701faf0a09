import {defineQuery} from 'groq'

/**
 * Every experience's booking rules with the experience's document id: one read for the listing's date search
 * (get-trip-fit.ts). The fields are the shared projection's (schemas/src/booking-rules-query.ts), written out here
 * because typegen reads a query's text, not the code that would build it.
 */
export const allBookingRulesQuery = defineQuery(
  `*[_type == "experienceSettings" && defined(experience._ref)]{"experienceId": experience._ref, minPax, maxPax, blackoutDates, timeSlots, leadTimeDays, capacity, slotCapacities, capacityOverrides}`,
)
