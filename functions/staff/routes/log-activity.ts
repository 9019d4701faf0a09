import type {Context, MiddlewareHandler} from 'hono'

import {activityDocument, recordActivity} from '../staff-activity.ts'
import type {StaffRouteKey} from '../staff-route-actions.ts'
import {ACTIVITY, IN_ITS_TRANSACTION} from './activity-summaries.ts'
import type {StaffContext, StaffEnv} from './staff-context.ts'

type Describe = NonNullable<(typeof ACTIVITY)[StaffRouteKey]>

/** The request's JSON body for the methods that send one (POST, PUT, PATCH), else `null`. */
const requestOf = async (c: Context, method: string) =>
  ['POST', 'PUT', 'PATCH'].includes(method)
    ? ((await c.req.json().catch(() => null)) as Record<string, unknown> | null)
    : null

/**
 * Activity logging of one route of the table (docs/decisions/071, 077), after `authorise`: a route in
 * `IN_ITS_TRANSACTION` is handed the entry to store in its change's own transaction (`activity`); any other route in
 * `ACTIVITY` has its entry recorded once it answered 2xx; the rest log nothing.
 */
export const logActivity = (ctx: StaffContext, key: StaffRouteKey): MiddlewareHandler<StaffEnv> => {
  const [method, path] = key.split(' ') as [string, string]
  const describe = ACTIVITY[key]
  if (!describe) return (_c, next) => next()
  if (IN_ITS_TRANSACTION.has(key)) return inTheChange(ctx, method, describe)
  return async (c, next) => {
    await next()
    if (!c.res.ok) return
    const answer: unknown = c.res.headers.get('content-type')?.includes('json')
      ? await c.res.clone().json()
      : null
    // The handler read the body already; Hono keeps it, and it was valid, or the answer would not be 2xx.
    const {kind, summary} = describe(
      await requestOf(c, method),
      answer as Record<string, unknown> | null,
    )
    const booking = (answer as {booking?: {booking_ref?: string}} | null)?.booking
    const id = c.req.param('id')
    // A person's or a reseller's id names what the entry is about; any other id is a booking's.
    const aboutPerson = path.startsWith('/people/') || path.startsWith('/channels/')
    await recordActivity(ctx.deps.client, {
      at: ctx.deps.now(),
      person: c.get('person'),
      kind,
      summary,
      booking: id && !aboutPerson ? {id, ref: booking?.booking_ref ?? null} : undefined,
      subject: id && aboutPerson ? {id} : undefined,
    }).catch((error: unknown) => console.error('[staff] activity not recorded', error))
  }
}

/** Sets the entry the handler stores with its change: who, when, and what the request asked for. */
const inTheChange =
  (ctx: StaffContext, method: string, describe: Describe): MiddlewareHandler<StaffEnv> =>
  async (c, next) => {
    const request = await requestOf(c, method)
    const at = ctx.deps.now()
    const person = c.get('person')
    c.set('activity', ({booking, subject}) => {
      const {kind, summary} = describe(request, subject ? {person: {name: subject.name}} : null)
      return activityDocument({
        at,
        person,
        kind,
        summary,
        booking,
        subject: subject && {id: subject.id},
      })
    })
    return next()
  }
