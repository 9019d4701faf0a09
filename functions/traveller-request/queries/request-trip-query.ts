import {defineQuery} from 'groq'

/** Where and when the experience's trips start: published content, read by the booking's `experience_id`. */
export const requestTripQuery = defineQuery(
  `*[_type == "experience" && slug.current == $slug][0]{meetingPoint, startTime, departureStartTimes, duration}`,
)
