import path from 'node:path'

import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'

// The handler's client reaches the lake at `local.localhost`, as hosted functions reach `<project>.api.sanity.io`.
import '../../lake/src/sanity-cli/resolve-localhost.ts'
import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {mailContentLoader} from '../lib/mail-content.ts'
import {createOutbox, mailTransport, OUTBOX_MAIL_TYPE} from '../lib/mailer.ts'
import {requeueRecentNotifications, sweepWindow, FUNCTION_CATCH_UP_AFTER_MS} from '../notification-sweep.ts'
import {freePort} from '../lib/testing/free-port.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'

/**
 * Hosted Sanity runs at most 200 invocations of a function in 30 s and never runs the rest later; the lake
 * does the same (lake/src/functions/invocation-limits.ts). With `MAIL_SENDER=function`, a burst of bookings over
 * that limit still gets every mail exactly once: the site servers' sweep queues what the function never saw, once
 * the function has had its time.
 */
const blueprint = path.resolve(import.meta.dirname, '../../sanity.blueprint.ts')
const smtpPort = await freePort()
const smtpUrl = `smtp://127.0.0.1:${smtpPort}`
process.env.SMTP_URL = smtpUrl
process.env.MAIL_FROM = 'Cape Curated <bookings@example.com>'
process.env.TEAM_EMAIL = 'team@example.com'
process.env.SITE_URL = 'https://site.example'
delete process.env.REQUEST_LINK_SECRET
// 230 acknowledgements to 230 addresses at once: over the site's hourly limit for mail to unconfirmed addresses.
process.env.UNCONFIRMED_MAIL_SITE_LIMIT = '100000'

const BURST = 230

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

describe('a burst of bookings over the function’s rate limit', () => {
  let lake: TestLake
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  beforeAll(async () => {
    smtp = await startSmtpListener(smtpPort)
    lake = await startTestLake({blueprint})
  })
  afterAll(async () => {
    await smtp.close()
    await lake.stop()
  })

  it('gets every mail once: 200 bookings’ from the function, the rest from the servers’ catch-up sweep', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const content = lake.client({token: lake.secrets.readToken, dataset: 'production'})
    const createdAt = new Date().toISOString()
    // The lake logs that it refused the function past hosted Sanity's limit: expected, and all that is logged.
    const refused = vi.spyOn(console, 'error').mockImplementation(() => {})
    const burst = bookings.transaction()
    for (let i = 0; i < BURST; i++)
      burst.create({
        _id: `booking-burst-${i}`,
        _type: 'booking',
        booking_ref: `CTE-BURST${i}`,
        experience_id: 'lions-head',
        experience_title: "Lion's Head Sunset Hike",
        date: '2030-03-14',
        pax_adults: 2,
        pax_children: 0,
        pax_total: 2,
        name: 'Thandi Nkosi',
        email: `burst-${i}@example.com`,
        status: 'new',
        created_at: createdAt,
      })
    await burst.commit()

    // The function gets 200 of them; the lake refuses the other events, as hosted does.
    await until(() => smtp.received.length >= 400)
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    expect(smtp.received).toHaveLength(400)
    const errors = refused.mock.calls.map(([message]) => message)
    refused.mockRestore()
    expect(errors).toEqual([
      expect.stringMatching(/^lake: function send-booking-notifications not invoked for booking-burst-200 .*rate limited/),
    ])

    const outbox = createOutbox({bookings, transport: mailTransport(smtpUrl, '/nonexistent'), from: 'bookings@example.com'})
    const deps = {
      bookings,
      outbox,
      teamEmail: 'team@example.com',
      mailContent: mailContentLoader(content),
      siteUrl: 'https://site.example',
      requestLinkSecret: 'a-secret-for-this-test-only-32-chars!',
    }
    // A server's minute sweep leaves the newest bookings to the function for a while…
    await requeueRecentNotifications(sweepWindow(true, new Date()), deps)
    await outbox.flush()
    expect(smtp.received).toHaveLength(400)
    // …and once that time has passed, queues the mails of those it never got; the others' are already sent.
    await requeueRecentNotifications(sweepWindow(true, new Date(Date.now() + FUNCTION_CATCH_UP_AFTER_MS + 1_000)), deps)
    await until(async () => {
      await outbox.flush()
      return smtp.received.length >= 2 * BURST
    })
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(smtp.received).toHaveLength(2 * BURST)
    for (let i = 0; i < BURST; i++) {
      const about = smtp.received.filter((mail) => mail.raw.includes(`burst-${i}@example.com`))
      expect(about, `booking ${i}`).toHaveLength(2)
    }
    const statuses = await bookings.fetch<string[]>(`*[_type == $type].status`, {type: OUTBOX_MAIL_TYPE})
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(2 * BURST)
  })
})
