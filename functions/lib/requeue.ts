/**
 * Which documents a sweep queues the mails of again: created at or after `since` and, when given, before `until`
 * (with the Sanity Function sending, the sweep leaves it the newest ones).
 */
export type SweepWindow = {since: string; until?: string}

/**
 * Queues the mails of every document `find` finds in `window` again (its typed query's `$since`, `$until`: null when
 * open). Queuing is idempotent (one mail id per
 * document and kind, sent markers), so the runtime's minute sweep uses this to close the one gap left: a process
 * that stopped between the lake's acknowledgement and queuing the mails. Answers how many documents it saw.
 */
export async function requeueSince<T>(
  find: (params: {since: string; until: string | null}) => Promise<T[]>,
  window: SweepWindow,
  queue: (doc: T) => Promise<void>,
): Promise<number> {
  const recent = await find({since: window.since, until: window.until ?? null})
  for (const doc of recent) await queue(doc)
  return recent.length
}
