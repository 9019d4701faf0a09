import {defineQuery} from 'groq'

/** The bookings received in a sweep's window (lib/requeue.ts), oldest first, anonymised ones never. */
export const recentBookingsQuery = defineQuery(
  `*[_type == "booking" && !defined(anonymised_at) && created_at >= $since && ($until == null || created_at < $until)] | order(created_at asc)`,
)
