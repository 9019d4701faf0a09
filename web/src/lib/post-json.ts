import type {RequestErrorBody} from '@repo/schemas/booking-request.ts'

/** A failed call to one of the functions, with the server's `{message, fieldErrors}` when it sent one. */
export class ApiError extends Error {
  readonly status: number
  readonly fieldErrors: Record<string, string[]>
  /** With a full or unavailable date: the nearest departures with room. */
  readonly alternatives: NonNullable<RequestErrorBody['alternatives']>
  constructor(status: number, body: Partial<RequestErrorBody> | null, fallback: string) {
    super(body?.message ?? fallback)
    this.status = status
    this.fieldErrors = body?.fieldErrors ?? {}
    this.alternatives = Array.isArray(body?.alternatives) ? body.alternatives : []
  }
}

export async function postJson<T>(
  url: string,
  body: unknown,
  {idempotencyKey, fallback}: {idempotencyKey?: string; fallback: string},
): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(idempotencyKey ? {'Idempotency-Key': idempotencyKey} : {}),
      },
      body: JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, null, fallback)
  }
  const data = (await response.json().catch(() => null)) as unknown
  if (!response.ok)
    throw new ApiError(response.status, data as Partial<RequestErrorBody> | null, fallback)
  return data as T
}

/** A fresh key per form attempt: a double click or a network retry sends the same one. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`
