import {imageFields, type SanityImageSource} from '../../../lib/image-fields'

/**
 * Fields of an experience document (studio/schemaTypes/documents/experience.ts) as the cards, the detail dialog
 * and the experience pages use them. Until typegen runs (schemas/sanity.types.ts), `ExperienceDetail` mirrors
 * this projection by hand.
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

export type ExperienceCard = {
  _id: string
  title: string
  slug: string
  category: string
  isBespoke: boolean
  location: string | null
  duration: string | null
  fromPrice: number | null
  priceRange: string | null
  blurb: string | null
  image: SanityImageSource | null
  featuredOrder: number | null
}

export type ExperienceDetail = ExperienceCard & {
  description: string | null
  highlights: string[]
  whatToExpect: string | null
  included: string[]
  optionalExtras: string[]
  whatToBring: string[]
  format: string | null
  goodToKnow: string | null
  meetingPickup: string | null
  cancellation: string | null
  maxGroupSize: number | null
  minimumAge: number | null
  fitnessLevel: string | null
  aliases: string[]
  faqs: {_key: string; question: string; answer: string}[]
  _updatedAt: string
}

/** The price text of a card or dialog: the editor's range if set, else the rand amount. */
export function experiencePrice(experience: Pick<ExperienceCard, 'fromPrice' | 'priceRange'>) {
  return experience.priceRange ?? experience.fromPrice
}
