import type {Transaction} from '@sanity/client'

/**
 * A departure's lock document (issue 13): every transaction that takes a departure's places also changes it, with
 * `ifRevisionID` when it exists or by creating it (which fails when another transaction created it first), so of
 * two taking the last places at once one fails with 409 and counts again. Staff confirmations and a traveller's
 * acceptance of a proposed date both go through it.
 */
export function changeDepartureLock(
  transaction: Transaction,
  lock: {_rev: string} | null,
  departure: {lockId: string; experienceId: string; date: string},
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

/** A short, growing, random pause before counting again after losing a race for a departure's lock. */
export const pauseAfterConflict = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * Math.min(attempt + 1, 5)))
