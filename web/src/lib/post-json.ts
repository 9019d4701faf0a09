import {apiFetch} from './api-client'

export {ApiError} from './api-client'

/** A traveller form's POST: the answer's JSON, or an `ApiError` with the server's words (api-client.ts). */
export async function postJson<T>(
  url: string,
  body: unknown,
  {idempotencyKey, fallback}: {idempotencyKey?: string; fallback: string},
): Promise<T> {
  return apiFetch<T>(
    url,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(idempotencyKey ? {'Idempotency-Key': idempotencyKey} : {}),
      },
      body: JSON.stringify(body),
    },
    fallback,
  )
}

/** A fresh key per form attempt: a double click or a network retry sends the same one. */
export const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`
