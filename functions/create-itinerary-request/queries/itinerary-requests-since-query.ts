import {defineQuery} from 'groq'

/** Itinerary requests received in a sweep's window (`$until`: null when open), for the team's notification. */
export const itineraryRequestsSinceQuery = defineQuery(
  `*[_type == "itineraryRequest" && !defined(anonymised_at) && created_at >= $since && ($until == null || created_at < $until)]`,
)
