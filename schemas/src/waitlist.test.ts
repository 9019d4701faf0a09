import {describe, expect, it} from 'vitest'

import {
  DEFAULT_WAITLIST_HOLD_HOURS,
  entriesToOffer,
  holdUntil,
  waitlistHoldHours,
  waitlistHoldHoursProblem,
  waitlistJoinSchema,
} from './waitlist.ts'

const entry = (id: string, pax: number, joined: string) => ({_id: id, pax, joined_at: joined})

describe('who is offered freed places', () => {
  it('goes in join order, passing over a group too large for a later one that fits', () => {
    const line = [
      entry('c', 1, '2026-11-22T08:00:00Z'),
      entry('a', 4, '2026-11-20T08:00:00Z'),
      entry('b', 2, '2026-11-21T08:00:00Z'),
    ]
    expect(entriesToOffer(line, 3).map((e) => e._id)).toEqual(['b', 'c'])
    expect(entriesToOffer(line, 4).map((e) => e._id)).toEqual(['a'])
    expect(entriesToOffer(line, 7).map((e) => e._id)).toEqual(['a', 'b', 'c'])
    expect(entriesToOffer(line, 0)).toEqual([])
  })
})

describe('the hold editors set', () => {
  it('defaults to 24 hours and ignores what an editor could not have saved', () => {
    expect(waitlistHoldHours(undefined)).toBe(DEFAULT_WAITLIST_HOLD_HOURS)
    expect(waitlistHoldHours(48)).toBe(48)
    expect(waitlistHoldHours(0)).toBe(24)
    expect(waitlistHoldHours(2.5)).toBe(24)
    expect(waitlistHoldHours(1000)).toBe(24)
    expect(waitlistHoldHoursProblem(0)).toBe('Enter a whole number of hours from 1 to 168.')
    expect(holdUntil(new Date('2026-11-26T08:00:00Z'), 24).toISOString()).toBe(
      '2026-11-27T08:00:00.000Z',
    )
  })
})

describe('the join form’s schema', () => {
  const valid = {
    experienceId: 'sunset-cruise',
    date: '2026-12-10',
    adults: 2,
    children: 0,
    name: '  Thandi Mokoena ',
    email: 'thandi@example.com',
    consentWaitlist: true,
    consentPrivacy: true,
  }
  it('trims and accepts a complete form', () => {
    expect(waitlistJoinSchema.parse(valid)).toMatchObject({
      name: 'Thandi Mokoena',
      preferredTime: '',
    })
  })
  it.each([
    ['no waitlist consent', {consentWaitlist: false}],
    ['an unknown field', {status: 'confirmed'}],
    ['a party beyond any limit', {adults: 10_000}],
    ['an invisible character in the name', {name: 'Thandi\u200B'}],
  ])('refuses %s', (_what, change) => {
    expect(waitlistJoinSchema.safeParse({...valid, ...change}).success).toBe(false)
  })
})
