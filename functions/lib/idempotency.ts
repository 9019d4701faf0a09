import {problem, sha256} from './http.ts'

/**
 * Idempotency-Key reuse. The stored id comes from the key, so a retry finds the first document;
 * the document also keeps a hash of the request it was made from, so the same key sent with other data is refused
 * (422) instead of answering 201 and dropping the new data.
 */

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request. Please send new data with a new key.'

/**
 * A hash of the parsed request. Fields that may change between two tries of one submission (a fresh security
 * question, the honeypot) are left out. The parsed object's keys come in schema order, so equal data hashes equal.
 */
export function requestHash(
  payload: Record<string, unknown>,
  omit: readonly string[] = [],
): string {
  const kept = Object.fromEntries(Object.entries(payload).filter(([name]) => !omit.includes(name)))
  return sha256(JSON.stringify(kept))
}

/** The stored twin's answer: its reference when made from the same request, else a 422. */
export function replayOrConflict(
  stored: {ref: string; hash?: string | null},
  hash: string,
  body: (ref: string) => Response,
): Response {
  // Documents stored before the hash was kept cannot be compared; they keep answering as before.
  if (stored.hash && stored.hash !== hash) return problem(422, IDEMPOTENCY_KEY_REUSED_MESSAGE)
  return body(stored.ref)
}
