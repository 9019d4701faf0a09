import type {BaseError} from '@octocloud/types'

/**
 * OCTO's error bodies (docs.octo.travel, "Errors"): `{error, errorMessage}` and the id the request got wrong. The
 * spec answers every client error 400 except UNAUTHORIZED (401) and FORBIDDEN (403); INTERNAL_SERVER_ERROR is 500.
 */
export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'INTERNAL_SERVER_ERROR'

const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INTERNAL_SERVER_ERROR: 500,
}

export const OCTO_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
}

export function octoJson(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {status, headers: {...OCTO_HEADERS, ...headers}})
}

/** The error answer: its code's status, `{error, errorMessage}` and the offending id (`productId`, `uuid`, …). */
export function octoError(
  error: OctoErrorCode,
  errorMessage: string,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
): Response {
  const body: BaseError & Record<string, string> = {error, errorMessage, ...extra}
  return octoJson(body, STATUS[error], headers)
}

/** What a handler throws to answer with an OCTO error from deep inside (the routes catch it). */
export class OctoFailure extends Error {
  readonly response: Response
  constructor(response: Response) {
    super('OCTO error answer')
    this.response = response
  }
}

export const fail = (...args: Parameters<typeof octoError>): never => {
  throw new OctoFailure(octoError(...args))
}
