import {Link} from 'react-router-dom'

import type {Alternative} from '@repo/schemas/capacity.ts'

import {formatShortDate} from '@repo/schemas/format-date.ts'
import {bookingPageHref} from '../booking-url'

const placesLeft = (left: number) => `${left} ${left === 1 ? 'place' : 'places'} left`

function describe(alternative: Alternative) {
  return [formatShortDate(alternative.date), alternative.slot, placesLeft(alternative.left)]
    .filter(Boolean)
    .join(' · ')
}

/**
 * The nearest departures with room for the group, from the shared rules (schemas/src/capacity.ts). In the dialog each
 * is a button that picks it; on the booking page each is a link to the booking page for it, so it works without
 * scripts too.
 */
export function DepartureAlternatives({
  alternatives,
  onChoose,
  link,
}: {
  alternatives: readonly Alternative[]
  onChoose?: (alternative: Alternative) => void
  link?: {experienceId: string; adults: number; children: number}
}) {
  if (alternatives.length === 0)
    return (
      <p className="departure-alternatives__none">
        We have no room for your group within six weeks of this date. Please try another month, or
        contact us.
      </p>
    )
  // Listed in date order: "nearest" is how they were chosen, not an order a reader can follow.
  const byDate = [...alternatives].sort(
    (a, b) => a.date.localeCompare(b.date) || a.slot.localeCompare(b.slot),
  )
  return (
    <div className="departure-alternatives">
      <p>The nearest dates with room for your group:</p>
      <ul>
        {byDate.map((alternative) => (
          <li key={`${alternative.date}|${alternative.slot}`}>
            {link ? (
              <Link
                className="button button--ghost"
                to={bookingPageHref(link.experienceId, {
                  date: alternative.date,
                  adults: link.adults,
                  children: link.children,
                  ...(alternative.slot ? {time: alternative.slot} : {}),
                })}
              >
                {describe(alternative)}
              </Link>
            ) : (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => onChoose?.(alternative)}
              >
                {describe(alternative)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
