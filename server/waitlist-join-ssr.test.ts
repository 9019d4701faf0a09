// @vitest-environment node
import type {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {clientAddress} from '../functions/lib/client-address.ts'
import {loadMailContent} from '../functions/lib/mail-content.ts'
import {createOutbox, smtpTransport} from '../functions/lib/mailer.ts'
import {createRateLimiter, type RateLimiter} from '../functions/lib/rate-limit.ts'
import {startSmtpListener} from '../functions/lib/testing/smtp-listener.ts'
import {sunsetCruiseContent} from '../functions/lib/testing/sunset-cruise.ts'
import {joinWaitlist} from '../functions/waitlist/join-waitlist.ts'
import type {WaitlistDeps} from '../functions/waitlist/waitlist-deps.ts'
import {
  daysAhead,
  serverMarkup as bodyOf,
  SSR_SITE as SITE,
  startSsrStack,
  type SsrStack,
} from './testing/ssr-stack.ts'

/**
 * A full date's waitlist on the booking page as the server sends it: the page opened for a full date carries the
 * join form, and the form posted without any script joins the line (or says what is wrong, storing nothing), through
 * the site app with the real SSR entry, the real availability and join functions, the real lake and a real SMTP
 * listener.
 */
// The booking page checks dates against the real clock (todayInCapeTown), so the full date is three weeks ahead.
const FULL_DATE = daysAhead(21)
const OPEN_DATE = daysAhead(22)
const BOOK = `/book/sunset-cruise?date=${FULL_DATE}&pax=2%2C0`

let stack: SsrStack
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let app: Hono
let joinLimiter: RateLimiter

beforeAll(async () => {
  smtp = await startSmtpListener()
  joinLimiter = createRateLimiter({limit: 1000, windowMs: 60_000})
  stack = await startSsrStack({
    content: sunsetCruiseContent(),
    // Full: 6 confirmed of 6 places.
    bookings: [
      {
        _id: 'booking-full-day',
        _type: 'booking',
        booking_ref: 'CTE-FULLDAY',
        status: 'confirmed',
        experience_id: 'sunset-cruise',
        experience_title: 'Sunset Cruise',
        date: FULL_DATE,
        preferred_time: '',
        pax_adults: 6,
        pax_children: 0,
        pax_total: 6,
        name: 'A large group',
        email: 'group@example.com',
        created_at: '2026-11-01T08:00:00Z',
      },
    ],
    routes: (api, {content, bookings}) => {
      const mailContent = () => loadMailContent(content)
      const outbox = createOutbox({
        bookings,
        transport: smtpTransport(smtp.url),
        from: 'Bookings <bookings@example.com>',
        server: 'waitlist-join-ssr',
        onError: (error) => {
          throw error
        },
      })
      const waitlistDeps: WaitlistDeps = {
        content,
        bookings,
        mailContent,
        outbox,
        // Joining makes no booking request: nothing of the booking form's own mails is reached here.
        notify: {mails: () => [], stored: () => undefined} as unknown as WaitlistDeps['notify'],
        secret: 'w'.repeat(32),
        siteUrl: SITE,
        now: () => new Date(),
        onError: (error) => {
          throw error
        },
      }
      api.all('/waitlist', (c) =>
        joinWaitlist(
          c.req.raw,
          {clientAddress: clientAddress(c)},
          {...waitlistDeps, rateLimiter: joinLimiter},
        ),
      )
    },
  })
  app = stack.app
})
afterAll(async () => {
  await smtp.close()
  await stack.stop()
})

const entries = () =>
  stack.bookings.fetch<{email: string; date: string; pax_total: number}[]>(
    '*[_type == "waitlistEntry"]{email, date, pax_total}',
  )

/** A traveller who fills the form in full. */
const SIPHO = {
  name: 'Sipho Dlamini',
  email: 'sipho@example.test',
  consentWaitlist: 'on',
  consentPrivacy: 'on',
}

/** The page's waitlist form posted as a browser without script sends it: its hidden trip fields and what was typed. */
function postWaitlist(
  fields: Record<string, string>,
  headers: Record<string, string> = {'origin': SITE, 'sec-fetch-site': 'same-origin'},
) {
  const body = new URLSearchParams({
    form: 'waitlist',
    experienceId: 'sunset-cruise',
    date: FULL_DATE,
    preferredTime: '',
    adults: '2',
    children: '0',
    website: '',
    ...fields,
  })
  return app.request(`${SITE}${BOOK}`, {
    method: 'POST',
    headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
    body: body.toString(),
  })
}

describe('a full date’s waitlist on the booking page, without script', () => {
  it('opens the page for a full date with the join form in it, and a date with room with the request form', async () => {
    const page = await app.request(`${SITE}${BOOK}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    const body = await bodyOf(page)
    expect(body).toContain('Please choose another date')
    expect(body).toContain('Join the waitlist for this date')
    const form = /<form class="waitlist"[^>]*>[\s\S]*?<\/form>/.exec(body)?.[0] ?? ''
    // A plain form that posts to the page itself, with the trip in it.
    expect(form).toMatch(/<form class="waitlist"[^>]*method="post"/)
    expect(form).not.toMatch(/<form [^>]*action=/)
    expect(form).toContain('name="form" value="waitlist"')
    expect(form).toContain(`name="date" value="${FULL_DATE}"`)
    expect(form).toContain('name="experienceId" value="sunset-cruise"')
    expect(form).toContain('name="adults" value="2"')
    expect(form).toContain('>Join the waitlist</button>')
    // The nearest dates with room are links to their booking pages, which work without script too.
    expect(body).toContain(`href="/book/sunset-cruise?date=${OPEN_DATE}&amp;pax=2%2C0"`)

    const open = await bodyOf(
      await app.request(`${SITE}/book/sunset-cruise?date=${OPEN_DATE}&pax=2%2C0`),
    )
    expect(open).not.toContain('Join the waitlist for this date')
    expect(open).toContain('Full name')
  })

  it('refuses bad input with the schema’s words beside the fields, keeps what was typed, and stores nothing', async () => {
    const before = (await entries()).length
    const refused = await postWaitlist({
      name: 'Thandi Mokoena',
      email: 'not-an-address',
      consentWaitlist: 'on',
    })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('cache-control')).toBe('private, no-store')
    const body = await bodyOf(refused)
    expect(body).toMatch(/role="alert"[^>]*>[^<]*\S/)
    expect(body).toContain('Please enter a valid email address')
    expect(body).toContain('value="Thandi Mokoena"')
    expect(body).toContain('value="not-an-address"')
    expect(body).toContain('aria-invalid="true"')
    expect(body).toContain('Join the waitlist for this date')
    expect((await entries()).length).toBe(before)

    // A trip changed in the hidden fields is the schema's to refuse too.
    const tampered = await postWaitlist({
      name: 'Thandi Mokoena',
      email: 'thandi@example.test',
      consentWaitlist: 'on',
      consentPrivacy: 'on',
      adults: 'two',
    })
    expect(tampered.status).toBe(400)
    expect(await bodyOf(tampered)).toContain('Please choose the number of people.')
    expect((await entries()).length).toBe(before)
  })

  it('joins the line on a plain form post and says so; another site’s post is refused', async () => {
    const foreign = await postWaitlist(SIPHO, {origin: 'https://evil.example'})
    expect(foreign.status).toBe(403)
    expect(await entries()).toEqual([])

    const joined = await postWaitlist(SIPHO)
    expect(joined.status).toBe(201)
    expect(joined.headers.get('cache-control')).toBe('private, no-store')
    const body = await bodyOf(joined)
    expect(body).toContain('You are on the waitlist')
    expect(body).toContain('<strong>sipho@example.test</strong>')
    expect(await entries()).toEqual([{email: 'sipho@example.test', date: FULL_DATE, pax_total: 2}])
    // The join's confirmation goes out on the wire, as after the script's post.
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes('sipho@example.test')).length)
      .toBe(1)

    // Sent again (Back, then the button): the line already has this address, and says so.
    const again = await postWaitlist(SIPHO)
    expect(again.status).toBe(409)
    expect(await bodyOf(again)).toContain('already on the waitlist')
    expect((await entries()).length).toBe(1)
  })

  it('answers a client over the join limit with a 429 page that carries Retry-After, storing nothing', async () => {
    const before = (await entries()).length
    const kept = joinLimiter
    joinLimiter = createRateLimiter({limit: 0, windowMs: 42_000})
    try {
      const limited = await postWaitlist({
        name: 'Lerato Khumalo',
        email: 'lerato@example.test',
        consentWaitlist: 'on',
        consentPrivacy: 'on',
      })
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toBe('42')
      expect(await bodyOf(limited)).toContain('Please wait a minute and try again.')
    } finally {
      joinLimiter = kept
    }
    expect((await entries()).length).toBe(before)
  })

  it('sends the page’s other forms, posted before its scripts ran, back to the page as before', async () => {
    const early = await app.request(`${SITE}${BOOK}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'origin': SITE,
        'sec-fetch-site': 'same-origin',
      },
      body: 'name=Thandi&email=thandi%40example.test',
    })
    expect(early.status).toBe(303)
    expect(early.headers.get('location')).toBe(BOOK)
  })
})
