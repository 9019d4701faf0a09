import type {MiddlewareHandler} from 'hono'

import {staffCan} from '@repo/schemas/staff-roles.ts'

import {refuse} from '../send-result.ts'
import {REAUTHENTICATE_MESSAGE, recentlyAuthenticated} from '../sign-in-methods.ts'
import {STAFF_ROUTE_ACTIONS, type StaffRouteKey} from '../staff-route-actions.ts'
import type {StaffContext, StaffEnv} from './staff-context.ts'

/** What a person who must still set up a second step may reach. */
const BEFORE_SECOND_STEP: readonly StaffRouteKey[] = [
  'GET /session',
  'DELETE /session',
  'POST /reauthenticate',
  'POST /two-step',
  'POST /two-step/confirm',
  'PUT /profile',
]

/**
 * The changes to a person's own sign-in methods: each needs the sign-in, or the password or a code given again,
 * within the last few minutes, not only a session (sign-in-methods.ts).
 */
const NEEDS_RECENT_PROOF: ReadonlySet<StaffRouteKey> = new Set<StaffRouteKey>([
  'POST /passkeys/options',
  'POST /passkeys',
  'DELETE /passkeys/:key',
  'POST /two-step',
  'POST /two-step/confirm',
  'DELETE /two-step',
])

/**
 * Authorisation of one route of the table (staff-route-actions.ts), after `requireSession`: a second step still to
 * set up allows only its own routes, the person's role must allow the route's action, and a change to one's own
 * sign-in methods needs a fresh proof; each refusal is a 403 before any work.
 */
export const authorise =
  (ctx: StaffContext, key: StaffRouteKey): MiddlewareHandler<StaffEnv> =>
  async (c, next) => {
    const action = STAFF_ROUTE_ACTIONS[key]
    if (c.get('secondStep').setupRequired && !BEFORE_SECOND_STEP.includes(key)) {
      return refuse(c, 403, 'Set up your second step first.', {code: 'second-step-setup'})
    }
    if (action !== 'signed-in' && !staffCan(c.get('person').role, action)) {
      return refuse(c, 403, 'Your role does not allow this.')
    }
    if (
      NEEDS_RECENT_PROOF.has(key) &&
      !recentlyAuthenticated(c.get('authenticatedAt'), ctx.nowMs())
    ) {
      return refuse(c, 403, REAUTHENTICATE_MESSAGE, {code: 'reauthenticate'})
    }
    return next()
  }
