import {describe, expect, it} from 'vitest'

import {composeMail, type MailContent} from '../lib/mail-content.ts'
import {waitlistCancellationMail} from '../staff/cancel-departure.ts'
import {entryMailValues, type WaitlistEntry} from './waitlist-deps.ts'

/**
 * The waitlist's mails say when the trip starts as the booking mails do (lib/trip-mail-values.ts): a fixed-start
 * experience's start time, never "Time: Any time" beside it.
 */
const content: MailContent = {
  templates: {},
  brand: {company: 'Cape Curated', signature: 'The Cape Curated team'},
  trips: {'lions-head': {startTime: '17:30'}, 'bespoke': {}},
}
const deps = {siteUrl: 'https://example.com', secret: 'x'.repeat(32)}
const entry = (experience_id: string, preferred_time: string): WaitlistEntry => ({
  _id: 'waitlist-1',
  _rev: 'r1',
  _type: 'waitlistEntry',
  state: 'waiting',
  experience_id,
  experience_title: 'Lion’s Head Sunset Hike',
  date: '2026-12-19',
  preferred_time,
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  name: 'Emma Walker',
  email: 'emma@example.com',
  joined_at: '2026-11-20T08:00:00Z',
})

describe('the time the waitlist’s mails give', () => {
  it.each(['waitlistJoined', 'waitlistOffer'] as const)(
    'is the start time of a fixed-start experience in the %s mail, never "Any time"',
    (template) => {
      const values = entryMailValues(deps, entry('lions-head', ''), content)
      expect(values.time).toBe('17:30 SAST')
      const mail = composeMail(
        template,
        {
          ...values,
          offerLink: 'https://example.com/waitlist/offers/t',
          holdUntil: '20 December 2026',
        },
        content,
        {to: 'emma@example.com'},
      )
      expect(mail.text).toContain('17:30 SAST')
      expect(mail.text).not.toContain('Any time')
    },
  )

  it('is the start time in the mail telling the line its departure is cancelled, never "Any time"', () => {
    const mail = waitlistCancellationMail(
      entry('lions-head', ''),
      {
        experience: 'lions-head',
        date: '2026-12-19',
        reason: 'Strong wind on the mountain',
        alternatives: ['2026-12-20'],
      },
      content,
    )
    expect(mail.text).toContain('17:30 SAST')
    expect(mail.text).not.toContain('Any time')
  })

  it('is the time asked for, or "Any time", when the experience has no start time', () => {
    expect(entryMailValues(deps, entry('bespoke', 'Morning'), content).time).toBe('Morning')
    expect(entryMailValues(deps, entry('bespoke', ''), content).time).toBe('Any time')
  })
})
