import {defineQuery} from 'groq'

/** The links from these bookings to their travellers' reviews (bookingReview, private dataset). */
export const reviewLinksQuery = defineQuery(
  `*[_type == "bookingReview" && booking_id in $ids]{_id, review_id}`,
)
