import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {jobServer} from '../lib/testing/job-server.ts'
import {storedBooking} from '../lib/testing/stored-booking.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {sendTripReminders, whatsappLink} from './handler.ts'

let lake: TestLake
const closers: (() => Promise<void>)[] = []

beforeEach(async () => {
  lake = await startTestLake()
  const content = lake.client({token: lake.secrets.writeToken})
  await content
    .transaction()
    .createOrReplace({
      _id: 'siteSettings',
      _type: 'siteSettings',
      siteName: 'Cape Curated',
      phone: '+27 21 555 0142',
      whatsapp: '27825550142',
      reminderHoursBefore: 48,
    })
    .createOrReplace({
      _id: 'experience-sunset-cruise',
      _type: 'experience',
      title: 'Sunset Cruise',
      slug: {_type: 'slug', current: 'sunset-cruise'},
      startTime: '18:30',
      duration: '2 hours',
      whatToBring: ['A warm jacket', 'Your camera'],
      meetingPoint: {
        _type: 'meetingPoint',
        name: 'Quay 5 ticket kiosk',
        address: 'V&A Waterfront, Cape Town',
      },
    })
    .commit({visibility: 'sync'})
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const booking = (id: string, status: string, date: string) =>
    storedBooking(id, {name: `Traveller ${id}`, email: `${id}@example.com`}, date, {
      status,
      booking_ref: `CTX-${id.toUpperCase()}`,
      experience_id: 'sunset-cruise',
      experience_title: 'Sunset Cruise',
      created_at: '2026-11-01T08:00:00Z',
    })
  await bookings
    .transaction()
    .createOrReplace(booking('due', 'confirmed', '2026-11-28'))
    .createOrReplace(booking('declined', 'declined', '2026-11-28'))
    .createOrReplace(booking('withdrawn', 'closed', '2026-11-28'))
    .createOrReplace(booking('later', 'confirmed', '2026-12-05'))
    .createOrReplace({...booking('draft', 'confirmed', '2026-11-28'), _id: 'drafts.due'})
    .commit({visibility: 'sync'})
})
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  await lake.stop()
})

/** A site server's job (lib/testing/job-server.ts) with what this job needs besides. */
const server = (smtpUrl: string, name: string) => ({
  ...jobServer(lake, smtpUrl, name),
  links: {
    siteUrl: 'https://capecurated.example',
    secret: 'x'.repeat(32),
    now: () => new Date('2026-11-26T17:00:00Z'),
  },
})

// The cruise on 28 November starts at 18:30 SAST (16:30 UTC): due from 26 November 16:30 UTC.
describe('reminders before the trip', () => {
  it('sends one per due confirmed trip, once, however many servers run the job however often', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    const early = await sendTripReminders(server(smtp.url, 'a'), new Date('2026-11-26T16:29:00Z'))
    expect(early.due).toBe(0)
    const asOf = new Date('2026-11-26T17:00:00Z')
    const servers = [server(smtp.url, 'a'), server(smtp.url, 'b'), server(smtp.url, 'c')]
    // Three servers at once, then each again, then one more after a "restart" (a new outbox, the same lake).
    await Promise.all(servers.map((deps) => sendTripReminders(deps, asOf)))
    await Promise.all(servers.map((deps) => sendTripReminders(deps, asOf)))
    const restarted = server(smtp.url, 'd')
    expect((await sendTripReminders(restarted, new Date('2026-11-27T09:00:00Z'))).due).toBe(1)
    await restarted.outbox.flush()

    expect(smtp.received.map((mail) => mail.to)).toEqual([['due@example.com']])
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '')
    expect(raw).toContain('Subject: See you soon: Sunset Cruise on Saturday 28 November 2026')
    expect(raw).toContain('Starts: Saturday 28 November 2026, 18:30 SAST')
    expect(raw).toContain('Quay 5 ticket kiosk')
    expect(raw).toContain('- A warm jacket')
    expect(raw).toContain('WhatsApp: https://wa.me/27825550142')
  })

  it('makes a WhatsApp click-to-chat link only from a plausible number', () => {
    expect(whatsappLink('+27 82 555 0142')).toBe('https://wa.me/27825550142')
    expect(whatsappLink('call us')).toBeNull()
    expect(whatsappLink(null)).toBeNull()
  })
})
