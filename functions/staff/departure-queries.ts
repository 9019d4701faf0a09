/**
 * GROQ for capacity in the staff API (docs/decisions/007-places-per-departure.md). Each view is one query over the
 * bookings it concerns, never a load of every booking: the confirm check reads one departure's bookings with its lock
 * document in the same query (one snapshot, so the lock's revision and the counts agree), and the departures view
 * reads the bookings of a date range.
 */
import {bookingRulesProjection} from '@repo/schemas/booking-rules-query.ts'
import {departureLockId} from '@repo/schemas/capacity.ts'

import {
  ACTIVE_STATUSES,
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
  MAX_LOADS,
} from '../lib/departure-loads.ts'
import {bookingFields} from './bookings-queries.ts'

export {ACTIVE_STATUSES, MAX_LOADS, departureLockId}

export const departureSnapshotQuery = /* groq */ `{
  "booking": *[_type == "booking" && _id == $id][0]{${bookingFields}},
  "lock": *[_type == "departure" && _id == $lockId][0]{_id, _rev, cancelled_at},
  "loads": *[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && experience_id == $experience && date == $date && (status in $statuses || ${HELD_LOADS_FILTER})]{date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}
}`

/** The bookings of every departure in a range, with what the manifest shows; ordered for the view. */
export const departuresViewQuery = /* groq */ `*[_type == "booking" && !(_id in path("drafts.**")) && date >= $from && date <= $to && status in $statuses] | order(date asc, experience_id asc, created_at asc) [0...${MAX_LOADS}] {
  _id, booking_ref, status, experience_id, experience_title, date, preferred_time, "pax": pax_total,
  pax_adults, pax_children, name, phone, email, pickup_location, notes, staff_notes,
  staff_notes_by, staff_notes_at
}`

/** Experiences with their rules, from the published content: one query for the whole view. */
export const experiencesWithRulesQuery = /* groq */ `*[_type == "experience" && !(_id in path("drafts.**")) && defined(slug.current)]{
  _id, title, isBespoke, "slug": slug.current, aliases,
  "rules": *[_type == "experienceSettings" && experience._ref == ^._id][0]${bookingRulesProjection}
}`

/**
 * The departures staff cancelled in a range, each with the travellers that were on it: the bookings whose history
 * holds this cancellation (its entry is written in the same transaction as the lock's `cancelled_at`, at the same
 * moment), wherever they have moved since.
 */
export const cancelledDeparturesQuery = /* groq */ `*[_type == "departure" && date >= $from && date <= $to && defined(cancelled_at)] | order(date asc) {
  experience_id, date, cancelled_at, cancelled_by, cancelled_reason,
  "bookings": *[_type == "booking" && !(_id in path("drafts.**")) && experience_id == ^.experience_id && ^.cancelled_at in status_history[action == "cancel-departure"].at] | order(created_at asc) {
    _id, booking_ref, name, date, "pax": pax_total, status, "last": status_history[-1].action
  }
}`
