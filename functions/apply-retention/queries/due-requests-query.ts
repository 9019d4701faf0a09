import {defineQuery} from 'groq'

/**
 * The requests past their retention period, 50 a run (RETENTION_BATCH). Closed means declined, or closed by the
 * traveller's withdrawal; both are counted from the last decision. A reseller's booking (`octoBooking`) as a booking:
 * from its trip's date, or, cancelled or expired, from then.
 */
export const dueRequestsQuery =
  defineQuery(`*[_type in ["booking", "itineraryRequest", "octoBooking"] && !(_id in path("drafts.**")) && !defined(anonymised_at) && (
  (_type == "booking" && status in ["declined", "closed"] && coalesce(status_history[-1].at, created_at) < $closedBefore) ||
  (_type == "booking" && date < $tripBefore) ||
  (_type == "itineraryRequest" && status == "new" && created_at < $leadBefore) ||
  (_type == "itineraryRequest" && coalesce(start_date, preferred_date, created_at) < $tripBefore) ||
  (_type == "octoBooking" && state in ["cancelled", "expired"] && coalesce(cancelled_at, updated_at, created_at) < $closedBefore) ||
  (_type == "octoBooking" && date < $tripBefore)
)] | order(created_at asc)[0...50]._id`)
