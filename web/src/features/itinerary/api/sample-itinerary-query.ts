import {defineQuery} from 'groq'

import {imageFields} from '../../../lib/image-fields'

/** The sample bespoke 7-day itinerary (the `itinerary` singleton). */
export const sampleItineraryQuery = defineQuery(`*[_type == "itinerary" && _id == "itinerary"][0]{
  title,
  intro,
  "overviewPoints": coalesce(overviewPoints[]{_key, title, text}, []),
  "days": coalesce(days[]{_key, day, title, morning, afternoon, evening, "image": image${imageFields}}, []),
  "services": coalesce(services, []),
  pricingNote,
  stickyBarText,
  _updatedAt
}`)
