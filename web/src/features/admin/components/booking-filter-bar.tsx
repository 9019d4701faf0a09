import {useId} from 'react'

import {BOOKING_STATUSES, type BookingStatus} from '@repo/schemas/booking-status.ts'
import {BOOKING_VIEWS} from '@repo/schemas/staff-bookings.ts'

import type {BookingListState} from '../hooks/use-booking-list'

/** The list's search, status, experience and trip-view filters. */
export function BookingFilterBar({
  list,
  experiences,
}: {
  list: BookingListState
  /** The experiences any booking names, to filter by. */
  experiences: string[]
}) {
  const ids = {search: useId(), status: useId(), experience: useId(), tripView: useId()}
  const {filters, update} = list
  return (
    <div className="admin-filters" role="search" aria-label="Filter bookings">
      <div className="field">
        <label htmlFor={ids.search}>Search</label>
        <input
          id={ids.search}
          type="search"
          placeholder="Name, email, reference or experience"
          value={list.searchInput}
          onChange={(event) => list.setSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={filters.status}
          onChange={(event) => update({status: event.target.value as BookingStatus | ''})}
        >
          <option value="">All statuses</option>
          {BOOKING_STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.experience}>Experience</label>
        <select
          id={ids.experience}
          value={filters.experience}
          onChange={(event) => update({experience: event.target.value})}
        >
          <option value="">All experiences</option>
          {experiences.map((title) => (
            <option key={title} value={title}>
              {title}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="admin-trip-view">
        <legend>Trips</legend>
        {BOOKING_VIEWS.map(({value, title}) => (
          <label key={value} className="admin-trip-view__option">
            <input
              type="radio"
              name={ids.tripView}
              value={value}
              checked={list.tripView === value}
              onChange={() => {
                list.setTripView(value)
                update({page: 1})
              }}
            />
            {title}
          </label>
        ))}
      </fieldset>
    </div>
  )
}
