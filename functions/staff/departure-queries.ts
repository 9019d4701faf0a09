/**
 * GROQ for capacity in the staff API (docs/decisions/007-places-per-departure.md). Each view is one query over the
 * bookings it concerns, never a load of every booking: the confirm check reads one departure's bookings with its lock
 * document in the same query (one snapshot, so the lock's revision and the counts agree), and the departures view
 * reads the bookings of a date range.
 */
import {departureLockId} from '@repo/schemas/capacity.ts'

import {ACTIVE_STATUSES, MAX_LOADS} from '../lib/departure-loads.ts'
import {
  cancelledDepartureBookingsQuery,
  cancelledDeparturesQuery,
} from './queries/cancelled-departures-query.ts'
import {departureSnapshotQuery} from './queries/departure-snapshot-query.ts'
import {departuresViewQuery} from './queries/departures-view-query.ts'
import {experiencesWithRulesQuery} from './queries/experiences-with-rules-query.ts'

export {ACTIVE_STATUSES, MAX_LOADS, departureLockId}

export {
  cancelledDepartureBookingsQuery,
  cancelledDeparturesQuery,
  departureSnapshotQuery,
  departuresViewQuery,
  experiencesWithRulesQuery,
}
