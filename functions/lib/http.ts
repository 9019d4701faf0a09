import {createHash, randomBytes} from 'node:crypto'

import type {MiddlewareHandler} from 'hono'
import type {z} from 'zod'

import {HONEYPOT_MESSAGE} from '@repo/schemas/booking-request.ts'
import {
  PROBLEM_CONTENT_TYPE,
  problemBody,
  problemTitle,
  type Problem,
  type ProblemExtensions,
} from '@repo/schemas/problem.ts'

/** What every handler gets besides the request: the client's address, from the host (never a header). */
export type RequestContext = {clientAddress: string}

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {status, headers: {...JSON_HEADERS, ...headers}})
}

/** Every `/api` refusal: RFC 9457 problem details (`@repo/schemas/problem.ts`), `detail` being what people read. */
export function problemResponse(
  status: number,
  detail: string,
  extensions: ProblemExtensions = {},
  headers: Record<string, string> = {},
): Response {
  return json(problemBody(status, detail, extensions), status, {
    ...headers,
    'Content-Type': PROBLEM_CONTENT_TYPE,
  })
}

/** A refusal with the form's messages per field (none for a refusal of the whole request). */
export function problem(
  status: number,
  detail: string,
  fieldErrors: Record<string, string[]> = {},
  headers: Record<string, string> = {},
): Response {
  return problemResponse(status, detail, {fieldErrors}, headers)
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A refusal's body written as `{error, ...}` (the staff handlers' `HandlerResult`) or `{message, ...}` as a problem:
 * the sentence becomes `detail`, every other member stays as an extension (`fieldErrors`, `code`, a 409's booking).
 */
export function asProblem(status: number, body: unknown): Problem {
  const {error, message, ...extensions} = isRecord(body) ? body : {}
  const detail =
    typeof error === 'string' && error !== ''
      ? error
      : typeof message === 'string' && message !== ''
        ? message
        : problemTitle(status)
  return problemBody(status, detail, extensions)
}

/**
 * The one place a router's JSON refusals become problem details: whatever a handler or middleware behind it
 * answered with 4xx or 5xx as `application/json` leaves as `application/problem+json` in the one shape, its headers
 * (Allow, Retry-After, cookies) kept. The staff routes use it, so their handlers keep returning `{error}`.
 */
export const problemAnswers: MiddlewareHandler = async (c, next) => {
  await next()
  const {status, headers} = c.res
  if (status < 400 || !/^application\/json\s*(;|$)/i.test(headers.get('content-type') ?? '')) return
  const body: unknown = await c.res
    .clone()
    .json()
    .catch(() => undefined)
  // Hono keeps the earlier answer's other headers when it is replaced (set-cookie included, once).
  c.res = new Response(JSON.stringify(asProblem(status, body)), {
    status,
    headers: {'Content-Type': PROBLEM_CONTENT_TYPE},
  })
}

/** `16 KB` for 16 384 bytes: the limits are whole kilobytes. */
const kilobytes = (bytes: number) => `${Math.floor(bytes / 1024)} KB`

/** What a body over `maxBytes` is told: the limit, and that nothing of it was kept. */
export const tooLargeMessage = (maxBytes: number) =>
  `The request is too large: this address takes at most ${kilobytes(maxBytes)}. Nothing was saved.`

/** The same for a page's plain form post, in words for the person who sent it. */
export const formTooLargeMessage = (maxBytes: number) =>
  `The form is too large: this page takes at most ${kilobytes(maxBytes)}. Nothing was saved; go back, shorten what you wrote and send it again.`

/** A 413 in the API's shape; the site server closes the connection after it when the body is still arriving. */
export const tooLarge = (maxBytes: number) => problem(413, tooLargeMessage(maxBytes))

/** A 405 that names the methods the address takes. */
export const notAllowed = (allow: string) => problem(405, `Use ${allow} here.`, {}, {Allow: allow})

export type BodyResult =
  {ok: true; value: Record<string, unknown>} | {ok: false; response: Response}

/** Reads a JSON body of at most `maxBytes`, whatever Content-Length claims. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const type = request.headers.get('content-type') ?? ''
  // Not text/plain: a cross-site form can send that without a CORS preflight.
  if (!/^application\/json\s*(;|$)/i.test(type))
    return {
      ok: false,
      response: problem(415, 'Send the form as JSON (Content-Type: application/json).'),
    }
  const text = await readBodyText(request, maxBytes)
  if (!text.ok) return text
  try {
    const value: unknown = JSON.parse(text.value)
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return {ok: false, response: problem(400, 'Send the form fields as a JSON object.')}
    return {ok: true, value: value as Record<string, unknown>}
  } catch {
    return {ok: false, response: problem(400, 'The request is not valid JSON.')}
  }
}

/**
 * Reads an HTML form's body (`application/x-www-form-urlencoded`) of at most `maxBytes`, for the pages that work
 * without JavaScript; a field sent twice is refused, as a form of ours never sends one twice.
 */
export async function readUrlEncodedBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const text = await readBodyText(request, maxBytes)
  if (!text.ok) return text
  const value: Record<string, unknown> = {}
  for (const [name, field] of new URLSearchParams(text.value)) {
    if (name in value) return {ok: false, response: problem(400, `Send ${name} once.`)}
    value[name] = field
  }
  return {ok: true, value}
}

/**
 * A body's bytes, read no further than `maxBytes`: a declared or actual size over it is refused with 413 before more
 * arrives.
 */
export async function readLimitedBody(
  request: Request,
  maxBytes: number,
): Promise<{ok: true; value: Buffer} | {ok: false; response: Response}> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes) return {ok: false, response: tooLarge(maxBytes)}
  const reader = request.body?.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  if (reader) {
    for (;;) {
      const {done, value} = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => {})
        return {ok: false, response: tooLarge(maxBytes)}
      }
      chunks.push(value)
    }
  }
  return {ok: true, value: Buffer.concat(chunks)}
}

async function readBodyText(
  request: Request,
  maxBytes: number,
): Promise<{ok: true; value: string} | {ok: false; response: Response}> {
  const body = await readLimitedBody(request, maxBytes)
  return body.ok ? {ok: true, value: body.value.toString('utf8')} : body
}

/** A zod error as a problem with `fieldErrors`; its detail is the first field's message, as the form shows one toast. */
export function validationProblem(error: z.ZodError, fallback: string): Response {
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_form')
    ;(fieldErrors[key] ??= []).push(issue.message)
  }
  const first = error.issues[0]?.message ?? fallback
  return problem(400, first, fieldErrors)
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

// Crockford's base32 without I, L, O, U: a reference staff can read out over the phone.
const REF_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** `CTE-7K4M-Q2XD`: 40 random bits, so collisions are out of reach at this business's volume. */
export function newReference(prefix: string): string {
  const bytes = randomBytes(8)
  let out = ''
  for (let i = 0; i < 8; i++) out += REF_ALPHABET[bytes[i]! % 32]
  return `${prefix}-${out.slice(0, 4)}-${out.slice(4)}`
}

export const INVALID_IDEMPOTENCY_KEY =
  'The Idempotency-Key header must be 8 to 128 letters, digits or -_.:'

/** An `Idempotency-Key` header that is safe to build a document id from; undefined when absent, null when invalid. */
export function idempotencyKey(request: Request): string | undefined | null {
  const key = request.headers.get('idempotency-key')
  if (key === null) return undefined
  return /^[\w.:-]{8,128}$/.test(key) ? key : null
}

/** What every traveller form starts with: its JSON body, refused when the hidden honeypot field (`website`) is filled. */
export async function readFormBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const body = await readJsonBody(request, maxBytes)
  if (body.ok && typeof body.value.website === 'string' && body.value.website.trim() !== '')
    return {ok: false, response: problem(400, HONEYPOT_MESSAGE, {website: [HONEYPOT_MESSAGE]})}
  return body
}
