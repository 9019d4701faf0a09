/**
 * Resources (a boat, a vehicle) and guides per departure (docs/decisions/238-resources-in-the-content.md,
 * 239-assignments-on-the-departure-lock.md): the rules the studio, the staff API and the dashboard share.
 *
 * A resource's seats cap every experience that uses it at one departure time together. Times are the slots
 * travellers choose; a booking with no slot (`''`, the day as a whole) shares the boat with every time of its date.
 */
import type {BookingLoad} from './capacity.ts'

/** The most seats a resource may have (a large catamaran). */
export const RESOURCE_SEATS_LIMIT = 500

/** A resource as the capacity check reads it: its seats shared by the experiences (slugs) that use it. */
export type ResourceCap = {id: string; name: string; seats: number; experiences: string[]}

/** What the resource already carries at a departure time, as a confirmation's numbers show it. */
export type ResourceNumbers = {id: string; name: string; seats: number; taken: number; left: number}

export function resourceSeatsProblem(seats: unknown): string | null {
  if (seats === undefined || seats === null) return 'Set how many travellers it carries.'
  if (
    typeof seats !== 'number' ||
    !Number.isInteger(seats) ||
    seats < 1 ||
    seats > RESOURCE_SEATS_LIMIT
  )
    return `Seats must be a whole number from 1 to ${RESOURCE_SEATS_LIMIT}.`
  return null
}

/** The most travellers one guide may lead, as an editor sets it. */
export const TRAVELLERS_PER_GUIDE_LIMIT = 200

export function travellersPerGuideProblem(value: unknown): string | null {
  if (value === undefined || value === null) return null
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < 1 ||
    value > TRAVELLERS_PER_GUIDE_LIMIT
  )
    return `Travellers per guide must be a whole number from 1 to ${TRAVELLERS_PER_GUIDE_LIMIT}, or empty.`
  return null
}

/** Guides a departure needs for `pax` travellers: one per `travellersPerGuide` (rounded up), none when unset. */
export function guidesNeeded(pax: number, travellersPerGuide: number | null | undefined): number {
  if (!travellersPerGuide || travellersPerGuide < 1 || pax <= 0) return 0
  return Math.ceil(pax / travellersPerGuide)
}

/** Whether two departure times of one date share a resource: the same slot, or either the day as a whole. */
export const timesOverlap = (a: string, b: string): boolean => a === b || a === '' || b === ''

// As in capacity.ts: confirmed bookings and the places a waitlist offer holds take seats.
const TAKES = new Set(['confirmed', 'held'])

/** Seats the loads (bookings of every experience using the resource on a date) take at `slot`. */
export function resourceTakenAt(loads: readonly BookingLoad[], slot: string): number {
  let taken = 0
  for (const load of loads)
    if (
      TAKES.has(load.status) &&
      timesOverlap(slot, load.slot ?? '') &&
      typeof load.pax === 'number' &&
      load.pax > 0
    )
      taken += load.pax
  return taken
}

export function resourceNumbers(
  resource: Pick<ResourceCap, 'id' | 'name' | 'seats'>,
  loads: readonly BookingLoad[],
  slot: string,
): ResourceNumbers {
  const taken = resourceTakenAt(loads, slot)
  return {
    id: resource.id,
    name: resource.name,
    seats: resource.seats,
    taken,
    left: Math.max(0, resource.seats - taken),
  }
}

/**
 * The id of a resource's lock document on a date (the `resourceDeparture` type in the bookings dataset): every
 * confirmation on an experience that uses the resource changes it with `ifRevisionID` in the same transaction as its
 * departure's lock, so two experiences sharing a boat serialise on one document.
 */
export function resourceLockId(resourceId: string, date: string): string {
  return `resource-${resourceId.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100)}-${date}`
}
