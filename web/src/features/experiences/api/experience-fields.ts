import type {ExperiencesQueryResult, HomeQueryResult} from '@repo/schemas/sanity.types'

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
