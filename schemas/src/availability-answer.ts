import type {PublicDepartureLoad} from './capacity.ts'

/**
 * What `GET /api/availability` answers (functions/get-availability) and the booking dialog reads
 * (web/src/features/booking/api/get-availability.ts): places taken per departure, never bookings.
 */
export type AvailabilityAnswer = {
  experience: string
  from: string
  to: string
  /** A bespoke itinerary is planned around the traveller: never limited. */
  unlimited: boolean
  /** Departures with places taken; every other departure in the range has all its places. */
  departures: PublicDepartureLoad[]
  /** Dates staff cancelled (weather, conditions): closed to new bookings, whatever places they had. */
  cancelled?: string[]
}
