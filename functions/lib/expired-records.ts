import type {SanityClient} from '@sanity/client'

/**
 * Records in the private `bookings` dataset that are useless after a while (used security questions once their
 * question has expired, mail counters a day after their hour), removed the same way: every server looks now and
 * then, a query and a delete only when one is due. Any server may do it, so none has to be the one that does.
 */

/** At most this many records are deleted in one transaction; the next clean-up takes the rest. */
export const REMOVE_BATCH = 500

/**
 * The expired records' ids, oldest first: `*[_type == $type && <field> < $before] | order(<field> asc)[0...500]._id`.
 * Ordered and sliced so a long backlog is removed a batch at a time.
 */
// Typed-query exception (docs/decisions/189): composed at run time from the record's type and date field.
export const expiredIdsQuery = (type: string, field: string) =>
  /* groq */ `*[_type == "${type}" && ${field} < $before] | order(${field} asc)[0...${REMOVE_BATCH}]._id`

/** Deletes the records `idsQuery` names (up to one batch) in one transaction; resolves to how many. */
export async function removeExpiredRecords(
  bookings: SanityClient,
  idsQuery: string,
  before: Date,
): Promise<number> {
  // Typed-query exception (docs/decisions/189): the query is an argument (expiredIdsQuery), composed at run time.
  const ids = await bookings.fetch<string[]>(idsQuery, {before: before.toISOString()})
  if (ids.length === 0) return 0
  const transaction = bookings.transaction()
  for (const id of ids) transaction.delete(id)
  await transaction.commit({returnDocuments: false, visibility: 'async'})
  return ids.length
}

/** How often each server looks for expired records. */
export const CLEAN_UP_EVERY_MS = 10 * 60_000

/**
 * One timer for every clean-up: each runs in turn, and one that fails is logged without stopping the others.
 * The timer never keeps the process alive.
 */
export function startCleanUps(
  cleanUps: Record<string, () => Promise<number>>,
  everyMs = CLEAN_UP_EVERY_MS,
): () => void {
  const run = async () => {
    for (const [name, cleanUp] of Object.entries(cleanUps))
      await cleanUp().catch((error: unknown) => console.error(`[${name} clean-up]`, error))
  }
  const timer = setInterval(() => void run(), everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
