import {defineQuery} from 'groq'

/**
 * The requests past their retention period, 50 a run (RETENTION_BATCH). Closed means declined, or closed by the
 * traveller's withdrawal; both are counted from the last decision.
 */
export const dueRequestsQuery =
  defineQuery(`*[_type in ["booking", "itineraryRequest"] && !(_id in path("drafts.**")) && !defined(anonymised_at) && (
  (_type == "booking" && status in ["declined", "closed"] && coalesce(status_history[-1].at, created_at) < $closedBefore) ||
  (_type == "booking" && date < $tripBefore) ||
  (_type == "itineraryRequest" && status == "new" && created_at < $leadBefore) ||
  (_type == "itineraryRequest" && coalesce(start_date, preferred_date, created_at) < $tripBefore)
)] | order(created_at asc)[0...50]._id`)
