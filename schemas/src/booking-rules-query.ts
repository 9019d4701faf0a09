/**
 * The fields of an `experienceSettings` document that the booking rules are made of (what `resolveBookingRules` in
 * capacity.ts reads). The site's booking dialog, the functions' checks and the studio's Confirm action all read
 * them through this projection, so a new rule field is added here once and reaches every reader.
 */
export const bookingRulesProjection = /* groq */ `{minPax, maxPax, blackoutDates, timeSlots, leadTimeDays, capacity, slotCapacities, capacityOverrides}`

/** One experience's rules by the experience's document id (`$id`). */
export const bookingRulesQuery = /* groq */ `*[_type == "experienceSettings" && experience._ref == $id][0]${bookingRulesProjection}`
