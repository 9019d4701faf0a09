import {useId} from 'react'

import {formatCreatedAt} from '@repo/schemas/format-date.ts'
import {WAITLIST_STATE_TITLES, type StaffWaitlistEntry} from '@repo/schemas/waitlist-entries.ts'

/** Where an entry's offer stands, in words: held until when, or which request it became. */
function offerState(entry: StaffWaitlistEntry): string {
  const title = WAITLIST_STATE_TITLES[entry.state] ?? entry.state
  if (entry.state === 'offered' && entry.hold_until)
    return `${title} until ${formatCreatedAt(entry.hold_until)}`
  if (entry.state === 'booked' && entry.booking_ref) return `${title}: ${entry.booking_ref}`
  return title
}

/**
 * A departure's waitlist on its manifest (docs/decisions/095-a-waitlist-per-departure.md): who is waiting, how many,
 * since when, and where their offer stands, in the order offers go out.
 */
export function DepartureWaitlist({entries}: {entries: readonly StaffWaitlistEntry[]}) {
  const titleId = useId()
  if (entries.length === 0) return null
  return (
    <section className="manifest__waitlist" aria-labelledby={titleId}>
      <h4 id={titleId}>Waitlist ({entries.length})</h4>
      <div className="admin-table-wrap">
        <table className="manifest__table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Pax</th>
              <th scope="col">Waiting since</th>
              <th scope="col">Offer</th>
              <th scope="col">Email</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry._id} data-waitlist-state={entry.state}>
                <th scope="row">{entry.name}</th>
                <td>{entry.pax}</td>
                <td>{formatCreatedAt(entry.joined_at)}</td>
                <td>{offerState(entry)}</td>
                <td>{entry.email}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
