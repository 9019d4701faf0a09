import type {z} from 'zod'

import {
  idempotencyKey,
  INVALID_IDEMPOTENCY_KEY,
  problem,
  readFormBody,
  validationProblem,
  type RequestContext,
} from './http.ts'
import {rateLimitedResponse, type RateLimiter} from './rate-limit.ts'

/**
 * The steps every public form's POST takes before its own (booking request, trip request, newsletter), in one
 * order: the client's rate limit, the `Idempotency-Key` when the form sends one, the body within its size with the
 * honeypot empty, then the form's zod schema. Same-origin is the site server's guard, in front of every `/api/`
 * write (server/security.ts); the security question comes after, with the form's own storing.
 */
export type FormIntake<Schema extends z.ZodType> = {
  rateLimiter: RateLimiter
  maxBytes: number
  schema: Schema
  /** Said when the body does not fit the schema and no field says why. */
  invalidMessage: string
  /** Whether the form sends an `Idempotency-Key` (a retry then finds what the first attempt stored). */
  idempotent: boolean
}

export type FormIntakeResult<Input> =
  {ok: true; input: Input; key: string | undefined} | {ok: false; response: Response}

export async function takeForm<Schema extends z.ZodType>(
  request: Request,
  context: RequestContext,
  intake: FormIntake<Schema>,
): Promise<FormIntakeResult<z.output<Schema>>> {
  const limited = rateLimitedResponse(intake.rateLimiter, context.clientAddress)
  if (limited) return {ok: false, response: limited}
  const key = intake.idempotent ? idempotencyKey(request) : undefined
  if (key === null) return {ok: false, response: problem(400, INVALID_IDEMPOTENCY_KEY)}
  const body = await readFormBody(request, intake.maxBytes)
  if (!body.ok) return body
  const parsed = intake.schema.safeParse(body.value)
  if (!parsed.success)
    return {ok: false, response: validationProblem(parsed.error, intake.invalidMessage)}
  return {ok: true, input: parsed.data, key}
}
