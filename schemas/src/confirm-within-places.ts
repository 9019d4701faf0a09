import {
  confirmationCheck,
  type BookingLoad,
  type BookingRules,
  type ConfirmationNumbers,
} from './capacity.ts'
import {isConflict} from './lake-errors.ts'
import type {ResourceCap} from './resources.ts'

/**
 * Confirming a booking within its departure's places, as the staff API (functions/staff/confirm-booking.ts) does
 * (the studio confirms nothing since docs/decisions/175-editors-reach-no-bookings.md): the one home of the lock, the
 * count and the retry (docs/decisions/008-a-lock-document-per-departure.md). Each caller brings its own reads and its own
 * patch of the booking; the client, the clock and the pause are injected.
 *
 * The places are counted in the same query that reads the departure's `departure` lock document (the caller's
 * `read`), and the booking's change commits in one transaction with a change of that lock made with
 * `ifRevisionID` (or its `create`, which fails when it exists). Of two confirmations of the last places, the second
 * transaction fails with 409 on the lock; it counts again on fresh numbers and decides again. Hosted Sanity checks
 * revisions and creates in a transaction the same way.
 */

/** The parts of a transaction the lock change uses (`@sanity/client`'s Transaction has them). */
export type LockTransaction = {
  // `any`: the client's patch builder takes and returns its own Patch type, which this module does not import.
  patch(id: string, patch: (p: any) => any): unknown
  create(document: {_id: string; _type: string; [field: string]: unknown}): unknown
}

/** The departure's lock document; `cancelled_at` when staff cancelled it (departure-life.ts: it takes no one). */
export type DepartureLock = {_rev: string; cancelled_at?: string | null} | null

export type Departure = {lockId: string; experienceId: string; date: string}

/**
 * Changes a departure's lock document in `transaction`: with `ifRevisionID` when it exists, else by creating it
 * (which fails when another transaction created it first). Staff confirmations and a traveller's acceptance of a
 * proposed date both go through it.
 */
export function changeDepartureLock(
  transaction: LockTransaction,
  lock: DepartureLock,
  departure: Departure,
  change: {bookingId: string; at: string},
): void {
  const fields = {last_change: change.bookingId, updated_at: change.at}
  if (lock) transaction.patch(departure.lockId, (p) => p.ifRevisionId(lock._rev).set(fields))
  else
    transaction.create({
      _id: departure.lockId,
      _type: 'departure',
      experience_id: departure.experienceId,
      date: departure.date,
      ...fields,
    })
}

/**
 * The boat or vehicle an experience shares with others (docs/decisions/238-resources-in-the-content.md): its seats,
 * its lock document for the date, and one read of that lock with what every experience using it has on that date
 * (`functions/lib/resource-seats.ts` makes it). Each confirmation changes the resource's lock with `ifRevisionID` in
 * its own transaction too, so confirmations on two experiences sharing a boat serialise on one document.
 */
export type SharedResource = {
  cap: ResourceCap
  lockId: string
  date: string
  read: () => Promise<{lock: {_rev: string} | null; loads: BookingLoad[]}>
}

/** Changes a resource's lock document in `transaction`, as `changeDepartureLock` does a departure's. */
export function changeResourceLock(
  transaction: LockTransaction,
  lock: {_rev: string} | null,
  resource: SharedResource,
  change: {bookingId: string; at: string},
): void {
  const fields = {last_change: change.bookingId, updated_at: change.at}
  if (lock) transaction.patch(resource.lockId, (p) => p.ifRevisionId(lock._rev).set(fields))
  else
    transaction.create({
      _id: resource.lockId,
      _type: 'resourceDeparture',
      resource_id: resource.cap.id,
      date: resource.date,
      ...fields,
    })
}

/** A short, growing, random pause before counting again after losing a race for a departure's lock. */
export const pauseAfterConflict = (attempt: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * Math.min(attempt + 1, 5)))

/** How often a confirmation re-reads and tries again when another one changed the same departure first. */
export const MAX_CONFIRM_ATTEMPTS = 60

/** What each attempt reads in one query: the departure's lock and the bookings on that departure. */
export type DepartureSnapshot = {lock: DepartureLock; loads: BookingLoad[]}

export type ConfirmWithinPlaces<Snapshot extends DepartureSnapshot, Result> = {
  /** The departure's rules; null when no places change hands (a bespoke trip, a record with no departure). */
  rules: BookingRules | null
  departure: Departure | null
  /** The resource whose seats also cap this departure, when the experience shares one. */
  resource?: SharedResource | null
  bookingId: string
  confirmAnyway: boolean
  now: () => Date
  pause?: (attempt: number) => Promise<void>
  /** One snapshot of the booking, the lock and the loads. */
  read: () => Promise<Snapshot>
  /** An answer that ends the attempt before counting (not found, changed meanwhile), or undefined to go on. */
  stop: (snapshot: Snapshot) => Result | undefined
  /** The group to count, and whether it takes places now (a booking already confirmed has them). */
  trip: (snapshot: Snapshot) => {date: string; preferredTime: string; pax: number; counts: boolean}
  overCapacity: (numbers: ConfirmationNumbers, snapshot: Snapshot) => Result
  /**
   * Writes the booking's change and `changeLock(transaction)` in one transaction and commits it; a 409 from the
   * commit means another confirmation got there first, and the core tries again.
   */
  commit: (
    snapshot: Snapshot,
    change: {
      at: string
      over: ConfirmationNumbers | undefined
      changeLock: (transaction: LockTransaction) => void
    },
  ) => Promise<Result>
  /** Too many confirmations of this departure at once. */
  busy: () => Result | Promise<Result>
  /**
   * The departure was cancelled (its lock, read in the same snapshot, says so): nothing is confirmed or moved onto
   * it, not even "anyway" (departure-life.ts). Checked before counting; the commit's lock revision covers a
   * cancellation between the read and the commit.
   */
  cancelled?: (snapshot: Snapshot) => Result
}

export async function confirmWithinPlaces<Snapshot extends DepartureSnapshot, Result>(
  confirmation: ConfirmWithinPlaces<Snapshot, Result>,
): Promise<Result> {
  const {rules, departure, bookingId, resource} = confirmation
  const pause = confirmation.pause ?? pauseAfterConflict
  for (let attempt = 0; attempt < MAX_CONFIRM_ATTEMPTS; attempt++) {
    const snapshot = await confirmation.read()
    const stopped = confirmation.stop(snapshot)
    if (stopped !== undefined) return stopped
    if (snapshot.lock?.cancelled_at && confirmation.cancelled)
      return confirmation.cancelled(snapshot)
    let over: ConfirmationNumbers | undefined
    const {counts, ...trip} = confirmation.trip(snapshot)
    // Read after the departure: a confirmation committed in between changed both locks, so this commit fails.
    const shared = resource && rules && counts ? await resource.read() : null
    if (rules && counts) {
      const check = confirmationCheck(
        rules,
        trip,
        snapshot.loads,
        resource && shared ? {cap: resource.cap, loads: shared.loads} : null,
      )
      if (check.over && !confirmation.confirmAnyway)
        return confirmation.overCapacity(check.numbers, snapshot)
      if (check.over) over = check.numbers
    }
    const at = confirmation.now().toISOString()
    const changeLock = (transaction: LockTransaction) => {
      if (departure) changeDepartureLock(transaction, snapshot.lock, departure, {bookingId, at})
      if (resource && shared)
        changeResourceLock(transaction, shared.lock, resource, {bookingId, at})
    }
    try {
      return await confirmation.commit(snapshot, {at, over, changeLock})
    } catch (error) {
      if (!isConflict(error)) throw error
      // Another confirmation of this departure (or a change to this booking) got there first: look again.
      await pause(attempt)
    }
  }
  return confirmation.busy()
}
