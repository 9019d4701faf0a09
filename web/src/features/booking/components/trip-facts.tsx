import {categoryTitle} from '@repo/schemas/categories.ts'

import {formatParty} from '@repo/schemas/format-party.ts'

import {tripPrice} from '../../../utils/format-price'

/**
 * The facts of a trip as the booking dialog's summary and the booking page's card list them (`<dt>`/`<dd>` pairs
 * inside their `<dl>`): category and duration when the experience has them, the date, the group, the time, and
 * the price a person and for the group when the experience has a from price.
 */
export function TripFacts({
  experience,
  date,
  adults,
  children,
  time,
}: {
  experience: {category?: string | null; duration?: string | null; fromPrice?: number | null}
  /** The date as the reader sees it (or why there is none yet). */
  date: string
  adults: number
  children: number
  time?: {label: string; value: string} | null
}) {
  const price = tripPrice(experience.fromPrice, adults + children)
  return (
    <>
      {experience.category ? (
        <>
          <dt>Category</dt>
          <dd>{categoryTitle(experience.category)}</dd>
        </>
      ) : null}
      {experience.duration ? (
        <>
          <dt>Duration</dt>
          <dd>{experience.duration}</dd>
        </>
      ) : null}
      <dt>Date</dt>
      <dd>{date}</dd>
      <dt>Group</dt>
      <dd>{formatParty(adults, children)}</dd>
      {time ? (
        <>
          <dt>{time.label}</dt>
          <dd>{time.value}</dd>
        </>
      ) : null}
      {price ? (
        <>
          <dt>Per person</dt>
          <dd>{price.perPerson}</dd>
          <dt>Total</dt>
          <dd>
            {price.total}
            <span className="muted"> (nothing to pay now)</span>
          </dd>
        </>
      ) : null}
    </>
  )
}
