import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {
  BOOKING_LIFE_STATES,
  bookingActions,
  bookingAllows,
  bookingLife,
  bookingStateTitle,
  DEPARTURE_STATES,
  DEPARTURE_TRANSITIONS,
  departureAllows,
  departureState,
  placesCount,
  placesInWords,
  WAITLIST_TRANSITIONS,
  type BookingAction,
  type DepartureUse,
} from './departure-life.ts'
import type {StatusHistoryEntry} from './request-decisions.ts'
import {changesSince} from './request-decisions.ts'

const USES: DepartureUse[] = [
  'request',
  'offer',
  'take-offer',
  'move',
  'propose',
  'join-waitlist',
  'confirm',
]
const ACTIONS: BookingAction[] = [
  'confirm',
  'decline',
  'propose',
  'question',
  'withdraw',
  'accept-proposal',
  'move',
  'accept-cancellation',
]

const entry = (
  status: StatusHistoryEntry['status'],
  action?: StatusHistoryEntry['action'],
  extra: Partial<StatusHistoryEntry> = {},
): StatusHistoryEntry => ({
  _key: `${status}-${action ?? 'none'}`,
  _type: 'statusChange',
  status,
  at: '2026-11-26T08:00:00Z',
  ...(action ? {action} : {}),
  ...extra,
})

const facts = fc.record({
  date: fc.constantFrom('2026-11-25', '2026-11-26', '2026-12-10'),
  today: fc.constant('2026-11-26'),
  cancelled: fc.boolean(),
  available: fc.boolean(),
  left: fc.integer({min: 0, max: 10}),
  pax: fc.integer({min: 1, max: 8}),
})

describe('a departure’s life', () => {
  it('is cancelled whatever else holds (until it is past), and a cancelled or past one takes nothing', () => {
    fc.assert(
      fc.property(facts, (known) => {
        const state = departureState(known)
        if (known.date < known.today) expect(state).toBe('past')
        else if (known.cancelled) expect(state).toBe('cancelled')
        if (state === 'cancelled' || state === 'past')
          for (const use of USES) expect(departureAllows(state, use)).toBe(false)
      }),
    )
  })

  it('asks, offers and moves only onto an open departure; a waitlist only for a full one', () => {
    for (const state of DEPARTURE_STATES) {
      for (const use of ['request', 'offer', 'move', 'propose'] as const)
        expect(departureAllows(state, use)).toBe(state === 'open')
      expect(departureAllows(state, 'join-waitlist')).toBe(state === 'full')
    }
    expect(
      departureState({
        date: '2026-12-10',
        today: '2026-11-26',
        cancelled: false,
        available: true,
        left: 2,
        pax: 3,
      }),
    ).toBe('full')
  })

  it('never re-opens once cancelled: its only way on is to pass', () => {
    expect(DEPARTURE_TRANSITIONS.cancelled).toEqual(['past'])
    for (const state of DEPARTURE_STATES)
      if (state !== 'cancelled' && state !== 'past')
        expect(DEPARTURE_TRANSITIONS[state]).toContain('cancelled')
    expect(WAITLIST_TRANSITIONS.cancelled).toEqual([])
    expect(WAITLIST_TRANSITIONS.waiting).toContain('cancelled')
    expect(WAITLIST_TRANSITIONS.offered).toContain('cancelled')
  })
})

describe('one count of places, its parts labelled', () => {
  it('takes what is confirmed and held, never leaves less than nothing, and names every part', () => {
    fc.assert(
      fc.property(
        fc.nat({max: 20}),
        fc.nat({max: 20}),
        fc.nat({max: 20}),
        fc.nat({max: 20}),
        (capacity, confirmed, requested, held) => {
          const count = placesCount({capacity, confirmed, requested, held})
          expect(count.taken).toBe(confirmed + held)
          expect(count.left).toBe(Math.max(0, capacity - confirmed - held))
        },
      ),
    )
    expect(placesInWords(placesCount({capacity: 8, confirmed: 6, requested: 2, held: 2}))).toBe(
      '6 confirmed, 2 held for the waitlist, 2 requested; 0 of 8 left',
    )
  })
})

describe('a booking’s life', () => {
  it('reads the state from the status and the history', () => {
    expect(bookingLife({status: 'new'})).toBe('requested')
    expect(
      bookingLife({status: 'contacted', status_history: [entry('contacted', 'question')]}),
    ).toBe('contacted')
    expect(
      bookingLife({
        status: 'contacted',
        status_history: [
          entry('contacted', 'propose', {
            options: [{_key: 'o', date: '2026-12-11', preferred_time: ''}],
          }),
        ],
      }),
    ).toBe('proposed')
    expect(
      bookingLife({status: 'closed', status_history: [entry('closed', 'cancel-departure')]}),
    ).toBe('cancelled-by-us')
    expect(
      bookingLife({
        status: 'closed',
        status_history: [
          entry('closed', 'cancel-departure'),
          entry('closed', 'accept-cancellation'),
        ],
      }),
    ).toBe('cancellation-accepted')
    expect(bookingLife({status: 'closed', status_history: [entry('closed', 'withdraw')]})).toBe(
      'withdrawn',
    )
    expect(bookingLife({status: 'confirmed', anonymised_at: '2026-11-27T00:00:00Z'})).toBe('erased')
  })

  it('says "cancelled by us" where the status alone says "Closed"', () => {
    expect(
      bookingStateTitle({status: 'closed', status_history: [entry('closed', 'cancel-departure')]}),
    ).toBe('Cancelled by us: choose a new date')
    expect(
      bookingStateTitle({status: 'closed', status_history: [entry('closed', 'withdraw')]}),
    ).toBe('Closed')
    expect(bookingStateTitle({status: 'confirmed'})).toBe('Confirmed')
  })

  it('an erased booking offers no action at all, on any departure', () => {
    expect(bookingActions('erased')).toEqual([])
    for (const action of ACTIONS)
      for (const departure of [undefined, ...DEPARTURE_STATES])
        expect(bookingAllows('erased', action, departure)).toBe(false)
  })

  it('a cancelled departure takes no decision that keeps someone on it, and no move onto it', () => {
    for (const state of BOOKING_LIFE_STATES) {
      for (const action of ['confirm', 'question', 'propose', 'move', 'accept-proposal'] as const)
        expect(bookingAllows(state, action, 'cancelled')).toBe(false)
    }
    expect(bookingAllows('requested', 'decline', 'cancelled')).toBe(true)
    // The traveller answers a cancellation; staff do not decide for them meanwhile.
    expect(bookingActions('cancelled-by-us')).toEqual(['move', 'accept-cancellation'])
    expect(bookingAllows('cancelled-by-us', 'move', 'open')).toBe(true)
  })
})

describe('what changed since a person looked', () => {
  it('names each later change, who made it and what they wrote', () => {
    const seen = [entry('new', undefined, {_key: 'a', by: 'website'})]
    const now = [
      ...seen,
      entry('declined', 'decline', {
        _key: 'b',
        by: 'Olwethu Owner',
        at: '2026-11-26T09:30:00Z',
        message: 'No guide that day.',
      }),
    ]
    expect(changesSince(seen, now)).toEqual([
      'Declined by Olwethu Owner, 26 November 2026, 11:30 SAST: No guide that day.',
    ])
    expect(changesSince(now, now)).toEqual([])
  })
})
