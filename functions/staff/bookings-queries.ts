/**
 * GROQ for the staff dashboard, run on the lake so search and filters stay fast with many bookings
 * (docs/decisions/017-query-plans-for-the-common-case.md). Search is a case-insensitive substring:
 * `string::split(lower(field), $search)` has more than one part exactly when the field contains the (lower-cased)
 * search text; GROQ's `match` works on words, not substrings. The page queries are composed per view, so they stay
 * here; the fixed reads are `defineQuery` files in queries/.
 */
import {bookingFields} from './queries/booking-fields.ts'
import {staffBookingByIdQuery} from './queries/staff-booking-by-id-query.ts'
import {staffBookingsOverviewQuery} from './queries/staff-bookings-overview-query.ts'

const contains = (field: string) =>
  `count(string::split(lower(coalesce(${field}, "")), $search)) > 1`

export const bookingFilter = /* groq */ `_type == "booking"
  && ($search == "" || ${contains('name')} || ${contains('email')} || ${contains('booking_ref')} || ${contains('experience_title')})
  && ($status == "" || status == $status)
  && ($experience == "" || experience_title == $experience)`

/** A trip today or later in Cape Town (`$today`), or with no date yet: still to be answered and run. */
const tripIsActive = /* groq */ `(!defined(date) || date >= $today)`

/**
 * A `new` request created at or before `$cutoff` (see waitingCutoff in @repo/schemas/working-hours.ts). ISO
 * instants compare as strings: every booking's `created_at` is written by `toISOString()`. Only a request for a
 * trip still ahead waits too long; one whose trip has gone by is past answering.
 */
const overTarget = /* groq */ `(status == "new" && created_at <= $cutoff)`

/**
 * One page: requests waiting too long first (`waiting_too_long`), then newest first. The lake sorts this shape
 * natively, computed key and all (lake/src/query/ordered-slice.ts), but the key is still evaluated for every
 * match: so each view has its own query with no more to evaluate than it needs (a page within 150 ms with many
 * bookings).
 */
const pageQuery = (
  viewFilter: string,
  waiting: string | null,
) => /* groq */ `*[${bookingFilter}${viewFilter}]
  | order(${waiting ? `select(${waiting} => 0, 1) asc, ` : ''}created_at desc, _id desc) [$start...$end]
  {${bookingFields}, "waiting_too_long": ${waiting ? `select(${waiting} => true, false)` : 'false'}}`

/** Trips today or later, or without a date: the filter already says the trip is ahead. */
export const staffActiveBookingsPageQuery = pageQuery(` && ${tripIsActive}`, overTarget)
/** Trips whose date has passed: none of them waits. */
export const staffPastBookingsPageQuery = pageQuery(` && date < $today`, null)
export const staffAllBookingsPageQuery = pageQuery('', `(${overTarget} && ${tripIsActive})`)

export const staffBookingsPageQueries = {
  active: staffActiveBookingsPageQuery,
  past: staffPastBookingsPageQuery,
  all: staffAllBookingsPageQuery,
} as const

/** The CSV of the list as filtered, the trips view included (`$view`: active, past or all), newest first. */
export const staffBookingsCsvQuery = /* groq */ `*[${bookingFilter}
  && ($view == "all" || ($view == "past") == (defined(date) && date < $today))]
  | order(created_at desc, _id desc) [0...$limit] {${bookingFields}}`

export {bookingFields, staffBookingByIdQuery, staffBookingsOverviewQuery}
