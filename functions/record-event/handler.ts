import fs from 'node:fs/promises'
import path from 'node:path'

import {z} from 'zod'

import {safeSingleLine} from '@repo/schemas/safe-text.ts'

import {problem, readJsonBody, type RequestContext} from '../lib/http.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'

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

export const MAX_EVENT_BYTES = 2 * 1024

export type RecordEventDeps = {
  rateLimiter: RateLimiter
  /** Appends one line; the default writes `DATA_DIR/events.ndjson`. */
  append: (line: string) => Promise<void>
  now?: () => Date
  onError?: (error: unknown) => void
}

export const appendToFile = (dataDir: string) => async (line: string) => {
  await fs.mkdir(dataDir, {recursive: true})
  await fs.appendFile(path.join(dataDir, 'events.ndjson'), `${line}\n`)
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
