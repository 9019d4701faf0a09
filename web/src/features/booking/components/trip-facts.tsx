import {categoryTitle} from '@repo/schemas/categories.ts'

import {formatParty} from '@repo/schemas/format-party.ts'

/**
 * The facts of a trip as the booking dialog's summary and the booking page's card list them (`<dt>`/`<dd>` pairs
 * inside their `<dl>`): category and duration when the experience has them, the date, the group, the time.
 */
export function TripFacts({
  experience,
  date,
  adults,
  children,
  time,
}: {
  experience: {category?: string | null; duration?: string | null}
  /** The date as the reader sees it (or why there is none yet). */
  date: string
  adults: number
  children: number
  time?: {label: string; value: string} | null
}) {
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
    </>
  )
}
