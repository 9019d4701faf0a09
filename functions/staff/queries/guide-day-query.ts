import {defineQuery} from 'groq'

/**
 * The guide's day (guide-day.ts): the departures' lock documents of the dates with their guides, and the confirmed
 * bookings of those dates with what the manifest shows; one snapshot of the bookings dataset.
 */
export const guideDayQuery = defineQuery(`{
  "departures": *[_type == "departure" && !(_id in path("drafts.**")) && date in $dates && !defined(cancelled_at)]{
    experience_id, date, guide_ids
  },
  "bookings": *[_type == "booking" && !(_id in path("drafts.**")) && date in $dates && status == "confirmed"] | order(created_at asc) [0...500] {
    _id, booking_ref, experience_id, experience_title, date, name, "pax": pax_total, phone, language,
    notes, created_at, staff_notes, staff_notes_by, staff_notes_at, attendance
  }
}`)

/** Where and when each experience of the day starts: published content, by slug. */
export const guideDayTripsQuery = defineQuery(
  `*[_type == "experience" && slug.current in $slugs]{"slug": slug.current, title, meetingPoint, startTime, departureStartTimes}`,
)

/** One booking and its departure's guides, for recording who came (guide-day.ts's `recordAttendance`). */
export const attendanceBookingQuery = defineQuery(`*[_type == "booking" && _id == $id][0]{
  _id, _rev, booking_ref, status, experience_id, date, name, "pax": pax_total, attendance,
  "guide_ids": *[_type == "departure" && !(_id in path("drafts.**")) && experience_id == ^.experience_id && date == ^.date][0].guide_ids
}`)
