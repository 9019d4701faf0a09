import type {SanityClient} from '@sanity/client'

/**
 * Queues the mails of every document `query` finds since `since` again. Queuing is idempotent (one mail id per
 * document and kind, sent markers), so the runtime's minute sweep uses this to close the one gap left: a process
 * that stopped between the lake's acknowledgement and queuing the mails. Answers how many documents it saw.
 */
export async function requeueSince<T>(
  bookings: SanityClient,
  query: string,
  since: string,
  queue: (doc: T) => Promise<void>,
): Promise<number> {
  const recent = await bookings.fetch<T[]>(query, {since})
  for (const doc of recent) await queue(doc)
  return recent.length
}
