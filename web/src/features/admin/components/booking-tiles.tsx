import type {BookingList} from '@repo/schemas/staff-bookings.ts'
import {workingHoursInWords} from '@repo/schemas/working-hours.ts'

/** The line about requests waiting too long, and the tiles: counts across every booking, whatever the filters. */
export function BookingTiles({list}: {list: BookingList | undefined}) {
  const summary = list?.summary
  return (
    <>
      {list && summary && summary.waiting > 0 ? (
        <p className="admin-waiting-line">
          {summary.waiting === 1 ? '1 request has' : `${summary.waiting} requests have`} waited{' '}
          {workingHoursInWords(list.responseTargetHours)} or more for an answer.
        </p>
      ) : null}

      <ul className="admin-tiles" aria-label="Summary">
        {(
          [
            ['Total Bookings', summary?.total],
            ['New', summary?.new],
            ['Contacted', summary?.contacted],
            ['Confirmed', summary?.confirmed],
            ['Total Pax', summary?.pax],
            ['Waiting too long', summary?.waiting],
          ] as const
        ).map(([label, value]) => (
          <li
            key={label}
            className={
              label === 'Waiting too long' && value
                ? 'admin-tile admin-tile--waiting'
                : 'admin-tile'
            }
          >
            <span className="admin-tile__label">{label}</span>
            <span className="admin-tile__value">{value ?? '–'}</span>
          </li>
        ))}
      </ul>
    </>
  )
}
