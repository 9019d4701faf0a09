import {z} from './zod.ts'

/**
 * The one error shape of every `/api` answer that is not 2xx: RFC 9457 problem details, sent as
 * `application/problem+json` by the functions (public and staff) and by the site server itself (unknown address,
 * wrong method, body too large, another site's request). `detail` is the sentence a person reads; `fieldErrors`
 * holds a form's messages per field (a list each, the first one shown); other members are the extensions a client
 * acts on (`code`, and with a 409 the booking as it now is). See docs/decisions/185-problem-details.md.
 */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

export const problemSchema = z.looseObject({
  /** `about:blank`: the status says what kind of problem it is; `code` narrows it where a client must act. */
  type: z.string().min(1),
  /** The status's reason phrase (`Bad Request`), as RFC 9457 asks with `about:blank`. */
  title: z.string().min(1),
  status: z.number().int().min(400).max(599),
  /** What went wrong and what to do, in words for the person: the message a form or toast shows. */
  detail: z.string().min(1),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  /** A machine-readable reason a client branches on (`reauthenticate`, `over-capacity`, `stale` ...). */
  code: z.string().min(1).optional(),
  // The two older dialects' members: an answer carrying either is not this shape.
  message: z.never().optional(),
  error: z.never().optional(),
})

export type Problem = z.infer<typeof problemSchema>

/** The extensions a problem may carry besides the RFC's members. */
export type ProblemExtensions = Omit<
  Record<string, unknown>,
  'type' | 'title' | 'status' | 'detail' | 'message' | 'error'
>

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

export const problemTitle = (status: number) =>
  TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error')

const RESERVED = new Set(['type', 'title', 'status', 'detail', 'message', 'error'])

/** A problem body: `detail` for people, the extensions (fieldErrors, code, ...) for the client. */
export function problemBody(
  status: number,
  detail: string,
  extensions: ProblemExtensions = {},
): Problem {
  const members: Problem = {type: 'about:blank', title: problemTitle(status), status, detail}
  // The RFC's members first; an extension never overrides one of them, nor brings back an older dialect's.
  for (const [name, value] of Object.entries(extensions))
    if (!RESERVED.has(name)) (members as Record<string, unknown>)[name] = value
  return members
}
