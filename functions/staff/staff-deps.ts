import type {SanityClient} from '@sanity/client'

import type {BookingList} from '@repo/schemas/staff-bookings.ts'

/** The staff API's logic, free of HTTP: each takes its inputs and the lake client, and returns status and body. */
export type StaffDeps = {
  /** The private `bookings` dataset, with the write token. */
  client: SanityClient
  /** Published content (experiences and their booking rules), for places per departure; without it none are checked. */
  content?: SanityClient
  now: () => Date
  overview?: OverviewCache
  /**
   * This change's activity-log entry, which the handler creates in the change's own transaction, so the two are
   * stored together or not at all. Absent: the change records none.
   */
  activity?: ActivityFor
}

/** The entry for what the change was about: its booking (with its reference) or the person changed. */
export type ActivityFor = (about: {
  booking?: {id: string; ref?: string | null}
  subject?: {id: string; name?: string}
}) => {_id: string; _type: 'staffActivity'} & Record<string, unknown>

export type Overview = Pick<BookingList, 'summary' | 'experiences'>

/**
 * Tiles and experience titles cover every booking, so they do not change with the filters: one scan, kept for a
 * moment and dropped whenever the lake reports a booking change (see routes/events-routes.ts), so a 10,000-booking
 * search costs one indexed page query, not a scan per tile.
 */
export type OverviewCache = {
  get: () => Overview | undefined
  set: (value: Overview) => void
  clear: () => void
}

export function createOverviewCache(now: () => number, ttlMs = 2_000): OverviewCache {
  let entry: {value: Overview; at: number} | undefined
  return {
    get: () => (entry && now() - entry.at < ttlMs ? entry.value : undefined),
    set: (value) => void (entry = {value, at: now()}),
    clear: () => void (entry = undefined),
  }
}

/**
 * What each staff handler answers, for the routes to send: a status and a JSON (or CSV) body. A refusal is written
 * `{error, ...extensions}` and leaves the staff routes as problem details (`problemAnswers`, functions/lib/http.ts).
 */
export type HandlerResult = {status: 200 | 201 | 202 | 400 | 404 | 409; body: unknown}
