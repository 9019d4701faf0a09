import {imageFields} from './image-fields'

/**
 * GROQ projections that several features read (cards of experiences and stories appear on the home page, the
 * listings and the audits). Fields follow studio/schemaTypes; typegen turns every query that uses them into a
 * result type in schemas/sanity.types.ts.
 */

/** An experience document (studio/schemaTypes/documents/experience.ts) as its card shows it. */
export const experienceCardFields = /* groq */ `
  _id,
  title,
  "slug": slug.current,
  category,
  "isBespoke": coalesce(isBespoke, false),
  location,
  duration,
  fromPrice,
  priceRange,
  blurb,
  "image": image${imageFields},
  featuredOrder
`

/** Everything the detail dialog and the experience page show. */
export const experienceDetailFields = /* groq */ `
  ${experienceCardFields},
  description,
  "highlights": coalesce(highlights, []),
  whatToExpect,
  "included": coalesce(included, []),
  "optionalExtras": coalesce(optionalExtras, []),
  "whatToBring": coalesce(whatToBring, []),
  format,
  goodToKnow,
  meetingPickup,
  cancellation,
  maxGroupSize,
  minimumAge,
  fitnessLevel,
  "aliases": coalesce(aliases, []),
  "faqs": coalesce(faqs, [])[0...5]{
    _key,
    "question": coalesce(question, q),
    "answer": coalesce(answer, a)
  },
  _updatedAt
`

/** A story document (studio/schemaTypes/documents/story.ts) as its card shows it. */
export const storyCardFields = /* groq */ `
  _id,
  title,
  "slug": slug.current,
  overline,
  "teaser": coalesce(teaser, excerpt),
  "image": image${imageFields}
`

/** Where a story's booking button goes (the `storyCallToAction` object). */
export const storyCallToActionFields = /* groq */ `
  "callToAction": {
    "kind": callToAction.kind,
    "label": callToAction.label,
    "experienceSlug": callToAction.experience->slug.current,
    "experienceTitle": callToAction.experience->title,
    "experienceIsBespoke": coalesce(callToAction.experience->isBespoke, false)
  }
`
