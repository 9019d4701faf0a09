import {Hono} from 'hono'
import {describe, expect, it} from 'vitest'

import type {StaffRouteKey} from '../staff-route-actions.ts'
import {logActivity} from './log-activity.ts'
import type {StaffContext, StaffEnv} from './staff-context.ts'

/**
 * The activity-logging middleware on its own: a lake client that keeps what it is given, an owner already signed
 * in, and a handler that answers as the route's would.
 */
function appWith(key: StaffRouteKey, answer: (body: any) => Response | Promise<Response>) {
  const created: Record<string, unknown>[] = []
  const ctx = {
    deps: {
      client: {create: async (document: Record<string, unknown>) => void created.push(document)},
      now: () => new Date('2026-11-28T08:00:00Z'),
    },
  } as unknown as StaffContext
  const app = new Hono<StaffEnv>()
  app.use('*', async (c, next) => {
    c.set('person', {
      id: 'staffMember.owner',
      name: 'Olu Owner',
      email: 'olu@team.example',
      role: 'owner',
    })
    return next()
  })
  const [method, path] = key.split(' ') as [string, string]
  let activity: StaffEnv['Variables']['activity']
  app.on(method, path, logActivity(ctx, key), async (c) => {
    activity = c.get('activity')
    return answer(await c.req.json().catch(() => null))
  })
  const send = (body: unknown) =>
    app.request(`http://site.test${path.replace(':id', 'booking-1')}`, {
      method,
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(body),
    })
  return {send, created, activity: () => activity}
}

describe('the activity log’s middleware', () => {
  it('records a PUT’s entry from its request: requiring a second step says so', async () => {
    const {send, created} = appWith('PUT /settings/two-step', (body) =>
      Response.json({required: body.required}),
    )
    await send({required: true})
    await send({required: false})
    expect(created.map(({summary, personName}) => ({summary, personName}))).toEqual([
      {summary: 'Required a second step for everyone', personName: 'Olu Owner'},
      {summary: 'Made the second step optional', personName: 'Olu Owner'},
    ])
  })

  it('records nothing for an answer that is not 2xx', async () => {
    const {send, created} = appWith('PUT /settings/two-step', () =>
      Response.json({error: 'Set up your own second step first.'}, {status: 409}),
    )
    expect((await send({required: true})).status).toBe(409)
    expect(created).toEqual([])
  })

  it('hands a change in its own transaction the entry to store, and records none itself', async () => {
    const {send, created, activity} = appWith('PATCH /bookings/:id/status', () =>
      Response.json({ok: true}),
    )
    await send({status: 'confirmed'})
    expect(created).toEqual([])
    expect(activity()!({booking: {id: 'booking-1', ref: 'CTX-0001'}})).toMatchObject({
      _type: 'staffActivity',
      personName: 'Olu Owner',
      summary: 'Changed the status to confirmed',
      bookingId: 'booking-1',
      bookingRef: 'CTX-0001',
    })
  })
})
