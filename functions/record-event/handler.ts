import fs from 'node:fs/promises'
import path from 'node:path'

import {z} from 'zod'

import {safeSingleLine} from '@repo/schemas/safe-text.ts'

import {problem, readJsonBody, type RequestContext} from '../lib/http.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'

const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/

/** The analytics beacon's payload (web/src/lib/analytics.ts): an event name, a few flat properties. */
const eventSchema = z
  .object({
    event: z.string().regex(/^[a-z][a-z_]{0,47}$/),
    // The same text rules as the forms: no controls, lone surrogates or bidi tricks in the events file.
    path: safeSingleLine(300).optional(),
    ts: safeSingleLine(40).optional(),
  })
  .catchall(z.union([safeSingleLine(200), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= 16, 'Too many properties.')
  // Page events are anonymous (the privacy page says so): one naming an address is refused, so no server's events
  // log ever holds one for the retention job or an erasure to find.
  .refine(
    (value) =>
      !Object.values(value).some((item) => typeof item === 'string' && EMAIL_LIKE.test(item)),
    'Events carry no email addresses.',
  )

export const MAX_EVENT_BYTES = 2 * 1024

export type RecordEventDeps = {
  rateLimiter: RateLimiter
  /** Appends one line; the default writes `DATA_DIR/events.ndjson`, rotated at a size cap. */
  append: (line: string) => Promise<void>
  now?: () => Date
  onError?: (error: unknown) => void
}

/** The events log: `DATA_DIR/events.ndjson`, rotated to `events.1.ndjson` … before it would pass `maxBytes`. */
export const EVENTS_FILE = 'events.ndjson'
/** At most 3 × 8 MiB on disk: the current file and two rotated ones; the oldest is dropped at each rotation. */
export const EVENTS_LOG_LIMITS = {maxBytes: 8 * 1024 * 1024, keep: 2}

const rotatedName = (index: number) => EVENTS_FILE.replace(/\.ndjson$/, `.${index}.ndjson`)

const renameIfThere = (from: string, to: string) =>
  fs.rename(from, to).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })

/**
 * An appender for the events log with a size cap: a line that would take the file past `maxBytes` first moves
 * `events.ndjson` to `events.1.ndjson` (and each older file one number up, the last of `keep` dropped), so the
 * log never holds more than `(keep + 1) × maxBytes` however many events arrive. Appends run one at a time, so a
 * line is never split across files and the size kept in memory stays true; it is read from disk again after an
 * error.
 */
export function rotatingAppender(
  dataDir: string,
  {maxBytes, keep}: {maxBytes: number; keep: number} = EVENTS_LOG_LIMITS,
): (line: string) => Promise<void> {
  const file = path.join(dataDir, EVENTS_FILE)
  let size: number | undefined
  let queue: Promise<void> = Promise.resolve()
  const rotate = async () => {
    for (let index = keep; index >= 1; index -= 1)
      await renameIfThere(
        index === 1 ? file : path.join(dataDir, rotatedName(index - 1)),
        path.join(dataDir, rotatedName(index)),
      )
    if (keep === 0) await fs.rm(file, {force: true})
  }
  const append = async (line: string) => {
    const text = `${line}\n`
    const bytes = Buffer.byteLength(text)
    if (size === undefined) {
      await fs.mkdir(dataDir, {recursive: true})
      size = await fs.stat(file).then(
        (stat) => stat.size,
        () => 0,
      )
    }
    if (size > 0 && size + bytes > maxBytes) {
      await rotate()
      size = 0
    }
    await fs.appendFile(file, text)
    size += bytes
  }
  return (line) => {
    const run = queue.then(() => append(line))
    queue = run.catch(() => {
      size = undefined
    })
    return run
  }
}

// One appender per folder for the life of the process: its queue and its count of bytes are what keep the cap.
const appenders = new Map<string, (line: string) => Promise<void>>()

/** The events log of `dataDir` (DATA_DIR), shared by every request this server answers. */
export const appendToFile = (dataDir: string) => {
  let appender = appenders.get(dataDir)
  if (!appender) {
    appender = rotatingAppender(dataDir)
    appenders.set(dataDir, appender)
  }
  return appender
}

/** `POST /api/events`: 204 for a recorded event; bounded in size and, per client address, in rate. */
export async function recordEvent(
  request: Request,
  context: RequestContext,
  deps: RecordEventDeps,
): Promise<Response> {
  const limited = deps.rateLimiter.take(context.clientAddress)
  if (!limited.ok)
    return problem(429, 'Too many events.', {}, {'Retry-After': String(limited.retryAfterSeconds)})
  const body = await readJsonBody(request, MAX_EVENT_BYTES)
  if (!body.ok) return body.response
  const parsed = eventSchema.safeParse(body.value)
  if (!parsed.success) return problem(400, 'Not a known event shape.')
  try {
    await deps.append(
      JSON.stringify({...parsed.data, received_at: (deps.now?.() ?? new Date()).toISOString()}),
    )
  } catch (error) {
    // A full disk or a read-only data folder: the beacon is told so, and the server log says why.
    ;(deps.onError ?? ((e: unknown) => console.error('[record-event]', e)))(error)
    return problem(503, 'Events cannot be recorded right now.', {}, {'Retry-After': '60'})
  }
  return new Response(null, {status: 204})
}
