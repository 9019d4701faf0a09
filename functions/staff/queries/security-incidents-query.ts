import {defineQuery} from 'groq'

/** The security-incident register, newest incident first; entries from before a field was asked for read null there. */
export const securityIncidentsQuery = defineQuery(`*[_type == "securityIncident"] | order(occurred_on desc, _createdAt desc)[0...500]{
  _id, _rev,
  "occurredOn": occurred_on,
  "discoveredOn": coalesce(discovered_on, null),
  "severity": coalesce(severity, null),
  "dataCategories": coalesce(data_categories, []),
  "peopleAffectedCount": coalesce(people_affected_count, null),
  "actionsTaken": coalesce(actions_taken, null),
  "state": coalesce(state, "open"),
  "closedOn": coalesce(closed_on, null),
  description, affected,
  "regulatorToldOn": regulator_told_on,
  "peopleToldOn": people_told_on,
  "history": coalesce(history, [])
}`)
