import {Fragment} from 'react'

import type {WaitlistTripView} from '@repo/schemas/waitlist-links.ts'

/** The trip a waitlist entry is for, as the mails gave it. */
export function WaitlistTrip({
  trip,
  extra = [],
}: {
  trip: WaitlistTripView
  extra?: [string, string][]
}) {
  const rows: [string, string][] = [
    ['Experience', trip.experience],
    // One line for when the trip starts, as on the request page and in the mails.
    ['When', trip.when],
    ['Group', trip.group],
    ...extra,
  ]
  return (
    <dl className="request-summary">
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  )
}
