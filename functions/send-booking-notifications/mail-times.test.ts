import {describe, expect, it} from 'vitest'

import {bookingMails, type StoredBooking} from './handler.ts'

const booking: StoredBooking = {
  _id: 'booking-zones',
  booking_ref: 'CTX-ZONE01',
  experience_id: 'experience-sunset-cruise',
  experience_title: 'Sunset Cruise',
  date: '2026-11-28',
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  name: 'Thandi Mokoena',
  email: 'thandi@example.com',
  // 04:35 UTC: 06:35 in Cape Town, 23:35 the evening before in New York.
  created_at: '2026-11-24T04:35:00.000Z',
}

/**
 * The team reads when a request came in on Cape Town's clock, with the zone, whatever the server's `TZ`: this
 * file also runs under `TZ=America/New_York` (the `zones` vitest project).
 */
describe('times in booking mails', () => {
  it(`says when a request was received in Cape Town time (process TZ ${process.env.TZ ?? 'unset'})`, () => {
    const mails = bookingMails(
      booking,
      {templates: {}, brand: {company: 'Cape Town Experiences', signature: 'The team'}},
      {
        teamEmail: 'team@example.com',
        siteUrl: 'https://example.com',
        requestLinkSecret: 'x'.repeat(32),
      },
    )
    const team = mails.find(([id]) => id === 'booking-zones-team')![1]
    expect(team.text).toContain('Received: 24 November 2026, 06:35 SAST')
    expect(team.text).toContain('Saturday 28 November 2026')
    const traveller = mails.find(([id]) => id === 'booking-zones-traveller')![1]
    expect(traveller.text).toContain('Saturday 28 November 2026')
  })
})
