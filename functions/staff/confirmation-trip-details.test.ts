import {describe, expect, it} from 'vitest'

import type {MailContent} from '../lib/mail-content.ts'
import {decisionMail, type DecisionEntry} from './decide-booking.ts'

const content: MailContent = {
  templates: {},
  brand: {company: 'Cape Curated', signature: 'The Cape Curated team'},
  trips: {
    'sunset-cruise': {
      meetingPoint: {
        name: 'Quay 5 ticket kiosk',
        address: 'V&A Waterfront, Cape Town',
        location: {lat: -33.905, lng: 18.419},
      },
      startTime: '18:30',
      departureStartTimes: [{date: '2026-12-31', startTime: '21:00'}],
    },
    'bespoke-cape-town-itinerary': {},
  },
}
const links = {
  siteUrl: 'https://example.com',
  secret: 'x'.repeat(32),
  now: () => new Date('2026-11-20T08:00:00Z'),
}
const confirm: DecisionEntry = {
  _key: 'k1',
  _type: 'statusChange',
  status: 'confirmed',
  at: '2026-11-20T08:00:00Z',
  action: 'confirm',
}
const booking = (experience_id: string, date: string) => ({
  _id: 'booking-1',
  booking_ref: 'CTX-TRIP01',
  experience_id,
  experience_title: 'Sunset Cruise',
  date,
  name: 'Thandi',
  email: 'thandi@example.com',
})

/** Also run under `TZ=America/New_York` (the `zones` vitest project). */
describe('the confirmation says when and where the trip starts', () => {
  it(`gives the start on Cape Town’s clock, the meeting point and a map (process TZ ${process.env.TZ ?? 'unset'})`, () => {
    const mail = decisionMail(booking('sunset-cruise', '2026-11-28'), confirm, content, links)
    expect(mail.text).toContain(
      [
        'Starts: Saturday 28 November 2026, 18:30 SAST',
        'Meeting point: Quay 5 ticket kiosk, V&A Waterfront, Cape Town',
        'Map: https://www.google.com/maps/search/?api=1&query=-33.905%2C18.419',
      ].join('\n'),
    )
    expect(mail.html).toContain('<th scope="row" align="left">Meeting point</th>')
  })

  it('uses a departure’s own start time', () => {
    const mail = decisionMail(booking('sunset-cruise', '2026-12-31'), confirm, content, links)
    expect(mail.text).toContain('Starts: Thursday 31 December 2026, 21:00 SAST')
  })

  it('leaves the block out when the experience gives neither time nor place', () => {
    const mail = decisionMail(
      booking('bespoke-cape-town-itinerary', '2026-11-28'),
      confirm,
      content,
      links,
    )
    expect(mail.text).not.toMatch(/Starts:|Meeting point:|—/)
    expect(mail.html).not.toContain('<table')
  })
})
