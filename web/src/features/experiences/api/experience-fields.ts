import type {ExperiencesQueryResult, HomeQueryResult} from '@repo/schemas/sanity.types'

import {imageFields} from '../../../lib/image-fields'

/**
 * Fields of an experience document (studio/schemaTypes/documents/experience.ts) as the cards, the detail dialog
 * and the experience pages use them. Result types come from typegen (schemas/sanity.types.ts).
 */
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

/** One experience as the listing, dialog and pages read it (typegen's result for `experiencesQuery`). */
export type ExperienceDetail = ExperiencesQueryResult[number]

/** What a card shows; both the home page's featured list and the full listing provide it. */
export type ExperienceCard = Pick<
  HomeQueryResult['featured'][number] | ExperienceDetail,
  | '_id'
  | 'title'
  | 'slug'
  | 'category'
  | 'isBespoke'
  | 'location'
  | 'duration'
  | 'fromPrice'
  | 'priceRange'
  | 'blurb'
  | 'image'
>

/** The price text of a card or dialog: the editor's range if set, else the rand amount. */
export function experiencePrice(experience: Pick<ExperienceCard, 'fromPrice' | 'priceRange'>) {
  return experience.priceRange ?? experience.fromPrice
}
