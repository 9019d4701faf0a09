import type {Problem} from '@repo/schemas/problem.ts'

/**
 * The browser's one client for `/api`: every refusal arrives as problem details (`@repo/schemas/problem.ts`,
 * docs/decisions/185-problem-details.md) and becomes an `ApiError`, whose `message` is the sentence the page shows
 * and whose `fieldErrors` go beside the fields. Only the type of the schema is imported: zod's object schemas probe
 * for `eval` when built, which the site's Content-Security-Policy refuses, so the body is read by hand here.
 */
export class ApiError extends Error {
  readonly status: number
  /** Messages by field, the first of each shown beside it. */
  readonly fieldErrors: Record<string, string[]>
  /** What the client acts on besides the words (`reauthenticate`, `over-capacity` ...). */
  readonly code: string | undefined
  /** The whole problem with its extensions (a 409's current booking, a link's reason), or null without one. */
  readonly body: (Problem & Record<string, unknown>) | null
  /** With a full or unavailable date: the nearest departures with room. */
  readonly alternatives: {date: string; slot: string; left: number}[]
  /** `fallback`: what the page says when the answer carries no words of its own (the network failed, a proxy's page). */
  constructor(status: number, body: unknown, fallback: string) {
    const problem = problemOf(body)
    super(problem?.detail ?? fallback)
    this.name = 'ApiError'
    this.status = status
    this.body = problem
    this.fieldErrors = isStringLists(problem?.fieldErrors) ? problem.fieldErrors : {}
    this.code = typeof problem?.code === 'string' ? problem.code : undefined
    this.alternatives = Array.isArray(problem?.alternatives)
      ? (problem.alternatives as ApiError['alternatives'])
      : []
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isStringLists = (value: unknown): value is Record<string, string[]> =>
  isRecord(value) &&
  Object.values(value).every(
    (list) => Array.isArray(list) && list.every((text) => typeof text === 'string'),
  )

/** The body as problem details when it is one (its `detail` a sentence, its `status` a number), else null. */
export function problemOf(body: unknown): (Problem & Record<string, unknown>) | null {
  if (!isRecord(body) || typeof body.detail !== 'string' || body.detail === '') return null
  if (typeof body.status !== 'number') return null
  return body as Problem & Record<string, unknown>
}

/**
 * The one way to call the API: the answer's JSON on 2xx (null for 204), else an `ApiError` with the server's words,
 * or `fallback` when the network failed or the answer had none.
 */
export async function apiFetch<T>(url: string, init: RequestInit, fallback: string): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, init)
  } catch (error) {
    // An aborted read (the page moved on) stays an abort, for the query library to drop quietly.
    if (init.signal?.aborted) throw error
    throw new ApiError(0, null, fallback)
  }
  const body = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) throw new ApiError(response.status, body, fallback)
  return body as T
}

/**
 * The one retry policy for reads: a refusal (4xx) is an answer and is never asked again (a private link's read
 * counts against its limit); the network failing or the server being busy (5xx) is tried twice more.
 */
export const retryApiRead = (failures: number, error: Error): boolean =>
  failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500)

/**
 * The one error-display policy: a refusal (4xx) is said in the server's sentence, which names what to put right;
 * anything else (the network failed, the server failed, what answered was not our server) in the page's own
 * `fallback`, which says what did not happen.
 */
export const apiErrorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.body && error.status >= 400 && error.status < 500
    ? error.message
    : fallback
