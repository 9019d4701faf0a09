import {useId, useState} from 'react'

import {formatLongDateTime} from '@repo/schemas/format-date.ts'
import type {StaffActivityFilters} from '@repo/schemas/staff-people.ts'

import {useActivity} from '../api/get-activity'
import {usePeople} from '../api/get-people'

const NO_FILTERS: StaffActivityFilters = {person: '', booking: '', from: '', to: ''}

/** The owner's activity log: who did what and when, filtered by person, request and date (Cape Town days). */
export function ActivityView() {
  const [filters, setFilters] = useState(NO_FILTERS)
  const activity = useActivity(filters)
  const people = usePeople(true)
  const ids = {person: useId(), booking: useId(), from: useId(), to: useId()}
  const set = (patch: Partial<StaffActivityFilters>) => setFilters((f) => ({...f, ...patch}))

  return (
    <section aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      <div className="admin-filters" role="search" aria-label="Filter activity">
        <div className="field">
          <label htmlFor={ids.person}>Person</label>
          <select
            id={ids.person}
            value={filters.person}
            onChange={(event) => set({person: event.target.value})}
          >
            <option value="">Everyone</option>
            {(people.data?.people ?? []).map((person) => (
              <option key={person._id} value={person._id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.booking}>Request reference</label>
          <input
            id={ids.booking}
            type="search"
            value={filters.booking}
            onChange={(event) => set({booking: event.target.value})}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.from}>From</label>
          <input
            id={ids.from}
            type="date"
            value={filters.from}
            onChange={(event) => set({from: event.target.value})}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>To</label>
          <input
            id={ids.to}
            type="date"
            value={filters.to}
            onChange={(event) => set({to: event.target.value})}
          />
        </div>
      </div>
      <div aria-live="polite" aria-busy={activity.isFetching}>
        {activity.isPending ? <p className="admin-empty">Loading activity...</p> : null}
        {activity.isError ? (
          <p className="field__error" role="alert">
            {activity.error.message}
          </p>
        ) : null}
        {activity.data && activity.data.activity.length === 0 ? (
          <p className="admin-empty">Nothing recorded for these filters.</p>
        ) : null}
      </div>
      {activity.data && activity.data.activity.length > 0 ? (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Request</th>
              </tr>
            </thead>
            <tbody>
              {activity.data.activity.map((entry) => (
                <tr key={entry._id}>
                  <td>{formatLongDateTime(entry.at)}</td>
                  <th scope="row">{entry.personName}</th>
                  <td>{entry.summary}</td>
                  <td>{entry.bookingRef ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}
