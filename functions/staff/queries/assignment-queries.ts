import {defineQuery} from 'groq'

/** One departure's lock with its assignment (docs/decisions/239-assignments-on-the-departure-lock.md). */
export const departureAssignmentLockQuery = defineQuery(
  `*[_type == "departure" && _id == $lockId][0]{_id, _rev, guide_ids, resource_id, cancelled_at}`,
)

/** The other departures of a date that have guides or a resource, for the double-booking checks. */
export const assignedOnDateQuery = defineQuery(
  `*[_type == "departure" && date == $date && _id != $lockId && !defined(cancelled_at) && (count(guide_ids) > 0 || defined(resource_id))]{_id, experience_id, date, guide_ids, resource_id}`,
)

/** The assignments of a date range, for the departures view and the daily digest. */
export const assignmentsInRangeQuery = defineQuery(
  `*[_type == "departure" && date >= $from && date <= $to && (count(guide_ids) > 0 || defined(resource_id))]{experience_id, date, guide_ids, resource_id, assigned_by, assigned_at}`,
)

/** Travellers per guide of every experience (by document id), from the published booking settings. */
export const travellersPerGuideQuery = defineQuery(
  `*[_type == "experienceSettings" && !(_id in path("drafts.**")) && defined(travellersPerGuide)]{"experience": experience._ref, travellersPerGuide}`,
)

/** The confirmed travellers of one departure (an experience on a date). */
export const confirmedPaxQuery = defineQuery(
  `math::sum(*[_type == "booking" && experience_id == $experience && date == $date && status == "confirmed"].pax_total)`,
)
