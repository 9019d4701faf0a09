import type {ExperiencesQueryResult, HomeQueryResult} from '@repo/schemas/sanity.types'

import {formatFromPrice, formatPerPersonPrice} from '../../../utils/format-price'

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

/**
 * The price as every card, dialog and page shows it: made from the from price ("From ZAR 450 per person"), so
 * there is one number to keep up to date; the price text only where there is no from price ("Priced on request").
 */
export function experiencePrice(experience: Pick<ExperienceCard, 'fromPrice' | 'priceRange'>) {
  return experience.fromPrice != null
    ? formatPerPersonPrice(experience.fromPrice)
    : formatFromPrice(experience.priceRange)
}
