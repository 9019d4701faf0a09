import {describe, expect, it} from 'vitest'

import {bookingMailValues} from './booking-mail-values.ts'
import {composeMail, type MailContent} from './mail-content.ts'
import {tripMailValues} from './trip-mail-values.ts'

/**
 * A mail says when the trip starts once and the same way as the request page: never "Time: Any time" beside the
 * experience's start time (format-date.ts `formatTripWhen` and `formatTripTime`).
 */
const content: MailContent = {
  templates: {},
  brand: {company: 'Cape Curated', signature: 'The Cape Curated team'},
  trips: {'lions-head': {startTime: '17:30'}, 'bespoke': {}},
}
const links = {
  siteUrl: 'https://example.com',
  secret: 'x'.repeat(32),
  now: () => new Date('2026-11-20T08:00:00Z'),
}
const booking = (experience_id: string, preferred_time: string) => ({
  _id: 'booking-1',
  booking_ref: 'CTX-TRIP01',
  experience_id,
  experience_title: 'Lion’s Head Sunset Hike',
  date: '2026-12-19',
  preferred_time,
  name: 'Emma Walker',
  email: 'emma@example.com',
})

describe('the time a mail gives', () => {
  it('is the experience’s start time when it has one, never "Any time" beside it', () => {
    const trip = booking('lions-head', '')
    // As the staff's decision composes it: the booking's values, then the trip's.
    const mail = composeMail(
      'confirmation',
      {...bookingMailValues(trip, links), ...tripMailValues(trip, content)},
      content,
      {to: trip.email},
    )
    expect(mail.text).toContain('Time: 17:30 SAST')
    expect(mail.text).toContain('Starts: Saturday 19 December 2026, 17:30 SAST')
    expect(mail.text).not.toContain('Any time')
  })

  it('is the time asked for, or "Any time", when the experience has no start time', () => {
    expect(tripMailValues(booking('bespoke', 'Morning'), content).time).toBe('Morning')
    expect(tripMailValues(booking('bespoke', ''), content).time).toBe('Any time')
  })
})
