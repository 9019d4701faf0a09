import {defineQuery} from 'groq'

import {bookingRulesProjection} from '@repo/schemas/booking-rules-query.ts'

/** Experiences with their rules, from the published content: one query for the whole view. */
export const experiencesWithRulesQuery =
  defineQuery(`*[_type == "experience" && !(_id in path("drafts.**")) && defined(slug.current)]{
  _id, title, isBespoke, "slug": slug.current, aliases,
  "rules": *[_type == "experienceSettings" && experience._ref == ^._id][0]${bookingRulesProjection}
}`)
