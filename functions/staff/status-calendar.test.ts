import ICAL from 'ical.js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {StatusHistoryEntry} from '@repo/schemas/request-decisions.ts'

import {createRateLimiter} from '../lib/rate-limit.ts'
import {
  NOW,
  SECRET,
  SITE,
  startRequestFixture,
  type RequestFixture,
} from '../traveller-request/testing/request-fixture.ts'
import {decideBooking, type DecisionDeps} from './decide-booking.ts'
import {changeStatus} from './staff-handlers.ts'
import type {StaffDeps} from './staff-deps.ts'

/**
 * Status changes by hand from the dashboard's menu, and its Decline, against the real lake: the traveller's calendar
 * follows a confirmed trip that is cancelled, declined or confirmed again, by mail and in the request page's calendar
 * file.
 */

let f: RequestFixture
let app: ReturnType<RequestFixture['routes']>
const by = {name: 'Sipho Dlamini', id: 'staff-sipho'}

beforeAll(async () => {
  f = await startRequestFixture()
  const roomy = () => createRateLimiter({limit: 10_000, windowMs: 60_000})
  app = f.routes({limiters: {view: roomy(), action: roomy(), link: roomy()}})
})
afterAll(async () => {
  await f?.stop()
})

const deps = (): StaffDeps => ({client: f.bookings, content: f.deps.content, now: () => NOW})
const calendar: DecisionDeps = {
  mailContent: () => f.deps.mailContent(),
  links: {siteUrl: SITE, secret: SECRET, now: () => NOW},
  queued: () => {},
}
const revision = async (id: string) =>
  (await f.bookings.fetch<{_rev: string}>('*[_id == $id][0]{_rev}', {id}))._rev
const mails = (id: string) =>
  f.bookings.fetch<
    {mail_id: string; subject: string; calendar_method?: string; calendar?: string}[]
  >('*[_type == "outboxMail" && about == $id] | order(queued_at asc)', {id})
const event = (ics: string) => {
  const parsed = new ICAL.Component(ICAL.parse(ics))
  const vevent = new ICAL.Event(parsed.getFirstSubcomponent('vevent')!)
  return {
    method: parsed.getFirstPropertyValue('method'),
    uid: vevent.uid,
    sequence: vevent.sequence,
  }
}
const history = (status: string): StatusHistoryEntry[] => [
  {
    _key: 'created',
    _type: 'statusChange',
    status: 'new',
    at: '2029-12-20T08:00:00Z',
    by: 'website',
  },
  ...(status === 'confirmed'
    ? [
        {
          _key: 'conf',
          _type: 'statusChange',
          status: 'confirmed',
          at: '2029-12-21T08:00:00Z',
          by: 'Sipho',
        } as const,
      ]
    : []),
]

describe('the status menu and the traveller’s calendar', () => {
  it('cancels a confirmed trip in the calendar, then puts it back at the next SEQUENCE when confirmed again', async () => {
    const {booking, token} = await f.seedBooking({
      status: 'confirmed',
      status_history: history('confirmed'),
    })
    const closed = await changeStatus(
      deps(),
      booking._id,
      {status: 'closed', revision: await revision(booking._id)},
      by,
      calendar,
    )
    expect(closed.status).toBe(200)
    const [cancel] = await mails(booking._id)
    expect(cancel!.subject).toBe('Cancelled: Lion’s Head Sunrise Hike on Friday 1 February 2030')
    expect(event(cancel!.calendar!)).toEqual({
      method: 'CANCEL',
      uid: `booking-${booking._id}@site.test`,
      sequence: 1,
    })
    const file = await app.request(new Request(`${SITE}/api/requests/${token}/calendar.ics`))
    const cancelledFile = await file.text()
    expect(event(cancelledFile)).toMatchObject({method: 'PUBLISH', sequence: 1})
    expect(cancelledFile).toContain('STATUS:CANCELLED')

    const again = await changeStatus(
      deps(),
      booking._id,
      {status: 'confirmed', revision: await revision(booking._id), confirmAnyway: true},
      by,
      calendar,
    )
    expect(again.status).toBe(200)
    const update = (await mails(booking._id)).find((m) => m.mail_id !== cancel!.mail_id)!
    expect(update.subject).toBe('Confirmed: Lion’s Head Sunrise Hike on Friday 1 February 2030')
    expect(event(update.calendar!)).toEqual({
      method: 'REQUEST',
      uid: `booking-${booking._id}@site.test`,
      sequence: 2,
    })
    const now = await app.request(new Request(`${SITE}/api/requests/${token}/calendar.ics`))
    expect(event(await now.text())).toMatchObject({method: 'PUBLISH', sequence: 2})
  })

  it('mails nobody for a request that was never in a calendar', async () => {
    const {booking} = await f.seedBooking({status: 'new', status_history: history('new')})
    expect(
      (
        await changeStatus(
          deps(),
          booking._id,
          {status: 'declined', revision: await revision(booking._id)},
          by,
          calendar,
        )
      ).status,
    ).toBe(200)
    expect(await mails(booking._id)).toEqual([])
  })

  it('a Decline of a confirmed trip carries the calendar’s cancellation at the next SEQUENCE', async () => {
    const {booking} = await f.seedBooking({
      status: 'confirmed',
      status_history: history('confirmed'),
    })
    const declined = await decideBooking(
      deps(),
      calendar,
      booking._id,
      {
        decision: 'decline',
        reason: 'The boat is in dry dock.',
        revision: await revision(booking._id),
      },
      by,
    )
    expect(declined.status).toBe(200)
    const [mail] = await mails(booking._id)
    expect(mail!.calendar_method).toBe('CANCEL')
    expect(event(mail!.calendar!)).toEqual({
      method: 'CANCEL',
      uid: `booking-${booking._id}@site.test`,
      sequence: 1,
    })
  })
})
