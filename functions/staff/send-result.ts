import type {Context} from 'hono'
import type {ContentfulStatusCode} from 'hono/utils/http-status'

/** No staff answer is kept by a browser or a proxy: each is one person's. */
export const NO_STORE = {'Cache-Control': 'no-store'}

/**
 * The one place a staff answer's JSON body is written: a handler's `HandlerResult`, or a refusal the routes and
 * their middleware give themselves (`{error, code?, …}`), always with `NO_STORE` and any further headers.
 */
export const send = (
  c: Context,
  result: {status: ContentfulStatusCode; body: unknown},
  headers: Record<string, string> = {},
) => c.json(result.body as object, result.status, {...NO_STORE, ...headers})

/** A refusal: `status` with `{error, …more}`. */
export const refuse = (
  c: Context,
  status: ContentfulStatusCode,
  error: string,
  more: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => send(c, {status, body: {error, ...more}}, headers)

/** A CSV attachment named `filename`. */
export const sendCsv = (c: Context, body: string, filename: string) =>
  c.body(body, 200, {
    ...NO_STORE,
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  })
