import type {MiddlewareHandler} from 'hono'
import {getCookie} from 'hono/cookie'

import {refuse} from '../send-result.ts'
import {readSessionToken, SESSION_COOKIE} from '../staff-session.ts'
import {sessionPerson} from '../staff-session-store.ts'
import type {StaffContext, StaffEnv} from './staff-context.ts'

/**
 * Authentication: a live session, checked in the lake on every request (so a Lock, a deactivation or a role change
 * holds on every server at once), or 401. Tells the routes who it is.
 */
export const requireSession =
  (ctx: StaffContext): MiddlewareHandler<StaffEnv> =>
  async (c, next) => {
    const session = readSessionToken(
      await ctx.signingSecret(),
      getCookie(c, SESSION_COOKIE),
      ctx.nowMs(),
    )
    const state = session && (await sessionPerson(ctx.deps.client, session, ctx.nowMs()))
    if (!session || !state) return refuse(c, 401, 'Staff session required')
    c.set('session', session)
    c.set('person', state.person)
    c.set('secondStep', state.secondStep)
    c.set('authenticatedAt', state.authenticatedAt)
    return next()
  }
