import {defineQuery} from 'groq'

/**
 * The dates staff cancelled for an experience (the departure lock document's `cancelled_at`): closed for new
 * bookings and moves, through `withCancelledDates` (schemas/src/departure-cancellation.ts).
 */
export const cancelledDatesQuery = defineQuery(
  `*[_type == "departure" && experience_id == $experience && date >= $from && date <= $to && defined(cancelled_at)].date`,
)
