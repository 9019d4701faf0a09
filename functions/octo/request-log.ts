import {randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {requestLogQuery} from './queries/request-log-query.ts'

/**
 * The request log of the Channels page (docs/decisions/226-reseller-request-log.md): what each reseller asked of
 * `/octo` in the last week (time, method, path, status; never bodies, keys or query strings). Seven documents per
 * reseller, one per day of a repeating week (`octoRequestLog.<reseller>.<0-6>`): a day's first request empties the
 * slot it takes over from a week before, so the log keeps a week and its size is bounded with no job to run. A day
 * keeps its first `MAX_PER_DAY` requests and counts the rest.
 */
export const REQUEST_LOG_TYPE = 'octoRequestLog'
export const MAX_PER_DAY = 200
export const LOG_DAYS = 7
/** What the page shows: the newest first. */
export const SHOWN = 100

export type OctoRequestEntry = {at: string; method: string; path: string; status: number}

type Slot = {_id: string; _rev: string; date: string; count?: number}

const DAY_MS = 86_400_000
const slotId = (resellerId: string, now: Date) =>
  `${REQUEST_LOG_TYPE}.${resellerId}.${Math.floor(now.getTime() / DAY_MS) % LOG_DAYS}`

const isConflict = (error: unknown) => (error as {statusCode?: number}).statusCode === 409

export async function recordOctoRequest(
  bookings: SanityClient,
  resellerId: string,
  entry: OctoRequestEntry,
  now: Date,
  attempt = 0,
): Promise<void> {
  const id = slotId(resellerId, now)
  const date = now.toISOString().slice(0, 10)
  const item = {_key: randomBytes(6).toString('hex'), ...entry, path: entry.path.slice(0, 300)}
  const slot = await bookings.getDocument<Slot>(id)
  try {
    if (slot && slot.date === date) {
      const patch = bookings.patch(id).inc({count: 1})
      await (
        (slot.count ?? 0) < MAX_PER_DAY
          ? patch.setIfMissing({entries: []}).insert('after', 'entries[-1]', [item])
          : patch
      ).commit()
    } else if (slot) {
      // The week-old day this slot held goes; of two servers starting the day, one wins and the other adds to it.
      await bookings
        .patch(id)
        .ifRevisionId(slot._rev)
        .set({date, count: 1, entries: [item]})
        .commit()
    } else {
      await bookings.create({
        _id: id,
        _type: REQUEST_LOG_TYPE,
        reseller_id: resellerId,
        date,
        count: 1,
        entries: [item],
      })
    }
  } catch (error) {
    if (!isConflict(error) || attempt > 2) throw error
    await recordOctoRequest(bookings, resellerId, entry, now, attempt + 1)
  }
}

/** A reseller's requests of the last week, the newest first, at most `SHOWN`. */
export async function recentOctoRequests(
  bookings: SanityClient,
  resellerId: string,
  now: Date,
): Promise<OctoRequestEntry[]> {
  const since = new Date(now.getTime() - (LOG_DAYS - 1) * DAY_MS).toISOString().slice(0, 10)
  const slots: {entries: OctoRequestEntry[] | null}[] = await bookings.fetch(requestLogQuery, {
    reseller: resellerId,
    since,
  })
  return slots
    .flatMap((slot) => slot.entries ?? [])
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, SHOWN)
}
