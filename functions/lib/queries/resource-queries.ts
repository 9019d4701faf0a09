import {defineQuery} from 'groq'

import {
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
} from '@repo/schemas/held-places-query.ts'

/** The resource an experience (by document id) uses, with the slugs of every experience sharing it. */
export const experienceResourceQuery = defineQuery(
  `*[_type == "resource" && !(_id in path("drafts.**")) && $id in experiences[]._ref] | order(_id asc) [0]{_id, name, seats, "experiences": experiences[]->slug.current}`,
)

/** Every resource, for the departures view's choice and its checks. */
export const resourcesQuery = defineQuery(
  `*[_type == "resource" && !(_id in path("drafts.**"))] | order(name asc) {_id, name, seats, "experiences": experiences[]->slug.current}`,
)

/**
 * A resource's lock on a date and what every experience using it has on that date, in one query (one snapshot: the
 * lock's revision and the loads agree).
 */
export const resourceSnapshotQuery = defineQuery(`{
  "lock": *[_type == "resourceDeparture" && _id == $lockId][0]{_id, _rev},
  "loads": *[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && experience_id in $experiences && date == $date && (status in $statuses || ${HELD_LOADS_FILTER})]{date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}
}`)
