/**
 * Decisions from the studio on the real lake with the real client: each one transaction with the
 * booking's status, its history entry and an outbox document for a server to write the traveller's mail; proposals
 * only of departures the rules and places allow; bad input, a changed booking or one with unpublished changes
 * store nothing; and Confirm queues its mail the same way.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {StatusHistoryEntry} from '@repo/schemas/request-decisions.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {confirmBooking} from './confirmBooking'
import {confirmBookingActions} from './confirmBookingActions'
import {
  decideBooking,
  proposableDates,
  type DecisionDeps,
  type StudioDecisionInput,
} from './decideBooking'
import {decisionActions, proposableLabel} from './decisionActions'

const SLUG = 'lions-head-sunset-hike'
const NOW = new Date('2030-01-01T10:00:00Z')
let lake: TestLake

const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
const deps = (): DecisionDeps => ({
  bookings: bookings(),
  content: lake.client({perspective: 'published'}),
  now: () => NOW,
})

function booking(id: string, extra: Record<string, unknown> = {}) {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id.toUpperCase()}`,
    status: 'new',
    status_history: [
      {_key: 'k0', _type: 'statusChange', status: 'new', at: '2029-12-01T08:00:00Z', by: 'website'},
    ],
    experience_id: SLUG,
    experience_title: 'Lion’s Head Sunset Hike',
    date: '2030-02-03',
    preferred_time: 'Sunset',
    pax_adults: 3,
    pax_children: 0,
    pax_total: 3,
    name: 'Thandi Mokoena',
    email: `${id}@example.com`,
    ...extra,
  }
}

async function decide(id: string, input: StudioDecisionInput, revision?: string) {
  const current = await bookings().getDocument(id)
  return decideBooking(deps(), {
    id,
    revision: revision ?? current!._rev,
    by: {name: 'Ayanda (studio)', id: 'sanity:p-ayanda'},
    input,
  })
}

const mailsAbout = (id: string) =>
  bookings().fetch<Record<string, unknown>[]>(`*[_type == "outboxMail" && about == $id]`, {id})

const lastEntry = async (id: string) =>
  ((await bookings().getDocument(id))!.status_history as StatusHistoryEntry[]).at(-1)!

beforeAll(async () => {
  lake = await startTestLake()
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'exp-hike',
      _type: 'experience',
      title: 'Lion’s Head Sunset Hike',
      slug: {_type: 'slug', current: SLUG},
    })
    .createOrReplace({
      _id: 'settings-hike',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-hike'},
      minPax: 1,
      maxPax: 8,
      timeSlots: ['Morning', 'Sunset'],
      leadTimeDays: 2,
      blackoutDates: ['2030-02-10'],
      capacity: 8,
    })
    .commit()
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

describe('decisions in the studio', () => {
  it('declines with a reason: status, the history entry, and the mail queued for a server to write', async () => {
    await bookings().createOrReplace(booking('d1'))
    const outcome = await decide('d1', {decision: 'decline', reason: '  No guide that day.  '})
    expect(outcome.kind).toBe('decided')
    const stored = await bookings().getDocument('d1')
    expect(stored!.status).toBe('declined')
    const entry = await lastEntry('d1')
    expect(entry).toEqual({
      _key: expect.stringMatching(/^\w{12}$/),
      _type: 'statusChange',
      status: 'declined',
      at: NOW.toISOString(),
      by: 'Ayanda (studio)',
      by_id: 'sanity:p-ayanda',
      action: 'decline',
      message: 'No guide that day.',
      mail_id: `d1-decline-${entry._key}`,
    })
    expect(outcome).toEqual({kind: 'decided', mailId: entry.mail_id})
    const [mail, ...others] = await mailsAbout('d1')
    expect(others).toEqual([])
    expect(mail).toMatchObject({
      _id: `mail-${entry.mail_id}`,
      _type: 'outboxMail',
      mail_id: entry.mail_id,
      about: 'd1',
      status: 'compose',
      attempts: 0,
      queued_at: NOW.toISOString(),
      next_attempt_at: NOW.toISOString(),
    })
    // No text: the mail's link is signed by a server, never by the studio.
    expect(mail).not.toHaveProperty('text')
    expect(mail).not.toHaveProperty('to')
  })

  it('asks a question: status contacted, the question in the history', async () => {
    await bookings().createOrReplace(booking('q1'))
    expect((await decide('q1', {decision: 'question', message: 'Are you all over 12?'})).kind).toBe(
      'decided',
    )
    expect((await bookings().getDocument('q1'))!.status).toBe('contacted')
    expect(await lastEntry('q1')).toMatchObject({
      action: 'question',
      status: 'contacted',
      message: 'Are you all over 12?',
    })
    expect(await mailsAbout('q1')).toHaveLength(1)
  })

  it('offers only departures the rules allow with room for the group, never the booking’s own', async () => {
    await bookings()
      .transaction()
      .createOrReplace(booking('l1'))
      .createOrReplace(
        booking('l-full', {date: '2030-02-12', status: 'confirmed', pax_adults: 6, pax_total: 6}),
      )
      .commit()
    const dates = (await proposableDates(deps(), booking('l1')))!
    const at = (date: string) => dates.filter((d) => d.date === date).map((d) => d.preferred_time)
    expect(dates[0]).toEqual({date: '2030-01-03', preferred_time: 'Morning', left: 8})
    expect(at('2030-01-02')).toEqual([]) // inside the lead time
    expect(at('2030-02-10')).toEqual([]) // a blackout date
    expect(at('2030-02-03')).toEqual(['Morning']) // its own departure left out
    expect(at('2030-02-12')).toEqual(['Morning']) // 6 of 8 taken at sunset: too few for 3
    expect(dates.at(-1)!.date).toBe('2030-04-01')
    expect(proposableLabel(dates[0]!)).toBe('Thursday 3 January 2030, Morning · 8 places left')
    expect(await proposableDates(deps(), booking('x', {experience_id: 'gone'}))).toBeNull()
  })

  it('proposes offered dates; refuses others with the date in words, and bad input, storing nothing', async () => {
    await bookings().createOrReplace(booking('p1'))
    const before = await bookings().getDocument('p1')
    const refused: [StudioDecisionInput, string, RegExp][] = [
      [
        {decision: 'propose', options: [{date: '2030-02-10', preferred_time: 'Sunset'}]},
        'options',
        /Sunday 10 February 2030, Sunset cannot be offered/,
      ],
      [
        {decision: 'propose', options: [{date: '2030-02-05', preferred_time: 'Midnight'}]},
        'options',
        /Tuesday 5 February 2030, Midnight cannot be offered/,
      ],
      [{decision: 'propose', options: []}, 'options', /at least one date/],
      [{decision: 'decline', reason: '   '}, 'reason', /Tell the traveller why/],
      [{decision: 'question', message: 'x'.repeat(2_001)}, 'message', /under 2000/],
    ]
    for (const [input, field, message] of refused) {
      const outcome = await decide('p1', input)
      expect(outcome.kind, JSON.stringify(input)).toBe('invalid')
      expect(
        outcome.kind === 'invalid' ? outcome.fieldErrors[field]?.join(' ') : '',
        JSON.stringify(input),
      ).toMatch(message)
    }
    expect((await bookings().getDocument('p1'))!._rev).toBe(before!._rev)
    expect(await mailsAbout('p1')).toEqual([])

    const outcome = await decide('p1', {
      decision: 'propose',
      options: [
        {date: '2030-02-05', preferred_time: 'Morning'},
        {date: '2030-02-07', preferred_time: 'Sunset'},
      ],
      message: 'The morning is cooler.',
    })
    expect(outcome.kind).toBe('decided')
    expect((await bookings().getDocument('p1'))!.status).toBe('contacted')
    expect(await lastEntry('p1')).toMatchObject({
      action: 'propose',
      message: 'The morning is cooler.',
      options: [
        {_key: expect.any(String), date: '2030-02-05', preferred_time: 'Morning'},
        {_key: expect.any(String), date: '2030-02-07', preferred_time: 'Sunset'},
      ],
    })
    expect(await mailsAbout('p1')).toHaveLength(1)
  })

  it('stores nothing when the booking changed, has unpublished changes, is gone or has no address', async () => {
    await bookings()
      .transaction()
      .createOrReplace(booking('c1'))
      .createOrReplace(booking('c2'))
      .createOrReplace({...booking('c2'), _id: 'drafts.c2', staff_notes: 'Editing'})
      .createOrReplace(booking('c3', {email: null}))
      .commit()
    const seen = await bookings().getDocument('c1')
    await bookings().patch('c1').set({staff_notes: 'changed by someone else'}).commit()
    const decline = {decision: 'decline', reason: 'Full.'} as const
    expect(await decide('c1', decline, seen!._rev)).toEqual({kind: 'changed'})
    expect(await decide('c2', decline)).toEqual({kind: 'changed'})
    expect(await decide('c3', decline)).toEqual({kind: 'no-email'})
    expect(
      await decideBooking(deps(), {id: 'nope', revision: 'r', by: 'x', input: decline}),
    ).toEqual({kind: 'not-found'})
    for (const id of ['c1', 'c2', 'c3']) {
      expect((await bookings().getDocument(id))!.status).toBe('new')
      expect(await mailsAbout(id)).toEqual([])
    }
  })

  it('two decisions at once on the same revision: one is stored with its mail, the other is told it changed', async () => {
    await bookings().createOrReplace(booking('race'))
    const {_rev} = (await bookings().getDocument('race'))!
    const outcomes = await Promise.all([
      decide('race', {decision: 'decline', reason: 'No guide that day.'}, _rev),
      decide('race', {decision: 'question', message: 'Could you come a day later?'}, _rev),
    ])
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['changed', 'decided'])
    expect((await bookings().getDocument('race'))!.status_history).toHaveLength(2)
    expect(await mailsAbout('race')).toHaveLength(1)
  })

  it('Confirm records the decision and queues the confirmation mail in its own transaction', async () => {
    await bookings().createOrReplace(booking('k1'))
    const {_rev} = (await bookings().getDocument('k1'))!
    expect(
      await confirmBooking(deps(), {
        id: 'k1',
        revision: _rev,
        by: 'Ayanda (studio)',
        confirmAnyway: false,
      }),
    ).toEqual({kind: 'confirmed'})
    const entry = await lastEntry('k1')
    expect(entry).toMatchObject({
      action: 'confirm',
      status: 'confirmed',
      mail_id: `k1-confirm-${entry._key}`,
    })
    expect(await mailsAbout('k1')).toEqual([
      expect.objectContaining({_id: `mail-${entry.mail_id}`, status: 'compose', about: 'k1'}),
    ])
  })
})

describe('the decisions in the bookings workspace', () => {
  it('come after Confirm and before the document’s own actions, the same components every time', () => {
    const withDecisions = decisionActions({contentDataset: 'production'})
    const withConfirm = confirmBookingActions({contentDataset: 'production'})
    const actions = withConfirm(withDecisions([]))
    expect(actions.map((action) => action.action)).toEqual([
      'confirmBooking',
      'declineBooking',
      'proposeBooking',
      'questionBooking',
    ])
    expect(withDecisions([])[0]).toBe(withDecisions([])[0])
  })
})
