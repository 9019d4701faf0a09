/**
 * GROQ for the staff dashboard, run on the lake so search and filters stay fast with many bookings (issue 6).
 * Search is a case-insensitive substring: `string::split(lower(field), $search)` has more than one part exactly
 * when the field contains the (lower-cased) search text; GROQ's `match` works on words, not substrings.
 */
const contains = (field: string) =>
  `count(string::split(lower(coalesce(${field}, "")), $search)) > 1`

export const bookingFilter = /* groq */ `_type == "booking"
  && ($search == "" || ${contains('name')} || ${contains('email')} || ${contains('booking_ref')} || ${contains('experience_title')})
  && ($status == "" || status == $status)
  && ($experience == "" || experience_title == $experience)`

export const bookingFields = /* groq */ `_id, _rev, booking_ref, status, status_history, staff_notes, created_at,
  experience_id, experience_title, category, duration, date, preferred_time, pax_adults, pax_children, pax_total,
  name, email, phone, country, pickup_location, notes, how_heard_about_us, marketing_opt_in`

/** One page, newest first: the lake answers this shape from an ordered index rather than sorting every match. */
export const staffBookingsPageQuery = /* groq */ `*[${bookingFilter}] | order(created_at desc, _id desc) [$start...$end] {${bookingFields}}`

/** What the tiles and the experience filter need, in one scan; the server keeps it briefly (see staff-handlers). */
export const staffBookingsOverviewQuery = /* groq */ `*[_type == "booking"]{status, pax_total, experience_title}`

export const staffBookingsCsvQuery = /* groq */ `*[${bookingFilter}] | order(created_at desc, _id desc) [0...$limit] {${bookingFields}}`

export const staffBookingByIdQuery = /* groq */ `*[_type == "booking" && _id == $id][0]{${bookingFields}}`
