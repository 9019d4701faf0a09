import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {
  createItineraryRequest,
  requeueItineraryNotifications,
} from '../create-itinerary-request/handler.ts'
import {createChallengeService, type ChallengeService} from '../lib/challenge.ts'
import {consentNoticeLoader} from '../lib/consent-record.ts'
import {mailContentLoader} from '../lib/mail-content.ts'
import type {MailMessage} from '../lib/mailer.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {jsonPost} from '../lib/testing/json-request.ts'
import {solvedQuestion} from '../lib/testing/solve-question.ts'
import {recordEvent} from '../record-event/handler.ts'
import {confirmNewsletterSignup} from '../newsletter-subscription/handler.ts'
import {createNewsletterSignup, requeueNewsletterNotifications} from './handler.ts'

let lake: TestLake
const mails: {id: string; message: MailMessage}[] = []
const notify = async (id: string, message: MailMessage) => void mails.push({id, message})
let challenges: ChallengeService
const limiter = () => createRateLimiter({limit: 1000, windowMs: 60_000})
const ctx = {clientAddress: '10.0.0.2'}
const post = (path: string, body: unknown) => jsonPost(path, body)

beforeAll(async () => {
  lake = await startTestLake()
  challenges = createChallengeService({secret: 'leads-test-secret-0001', bookings: bookings()})
})
afterAll(async () => {
  await lake?.stop()
})

const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

describe('leads with the real lake', () => {
  it('keeps one newsletter record per email with the latest consent time', async () => {
    const deps = {
      bookings: bookings(),
      rateLimiter: limiter(),
      notify,
      teamEmail: 'team@example.com',
      mailContent: mailContentLoader(lake.client({perspective: 'published'})),
      consentNotice: consentNoticeLoader(lake.client({perspective: 'published'})),
      links: {siteUrl: 'https://example.com', secret: 'newsletter-test-secret'},
    }
    const body = {name: 'Ann', email: 'Ann@Example.com', consent: true, sourcePage: '/'}
    expect(
      (await createNewsletterSignup(post('/api/newsletter-signups', body), ctx, deps)).status,
    ).toBe(201)
    expect(
      (
        await createNewsletterSignup(
          post('/api/newsletter-signups', {...body, email: 'ann@example.com'}),
          ctx,
          deps,
        )
      ).status,
    ).toBe(201)
    const stored = await bookings().fetch('*[_type == "newsletterSignup"]')
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({email: 'ann@example.com', consent: true, status: 'pending'})
    // Only the confirmation link goes out, to the address given; the team hears of it once confirmed.
    const newsletterMails = mails.filter((m) => m.id.startsWith('newsletter-'))
    expect(newsletterMails.length).toBeGreaterThan(0)
    for (const mail of newsletterMails) {
      expect(mail.id).toMatch(/^newsletter-[0-9a-f]{40}-confirm-/)
      expect(mail.message.to).toBe('ann@example.com')
    }

    const refused = await createNewsletterSignup(
      post('/api/newsletter-signups', {...body, consent: false}),
      ctx,
      deps,
    )
    expect(refused.status).toBe(400)
  })

  it('sends the team the same mail again from the stored lead, for a process stopped before queuing it', async () => {
    const deps = {
      bookings: bookings(),
      rateLimiter: limiter(),
      notify,
      teamEmail: 'team@example.com',
      mailContent: mailContentLoader(lake.client({perspective: 'published'})),
      consentNotice: consentNoticeLoader(lake.client({perspective: 'published'})),
      links: {siteUrl: 'https://example.com', secret: 'newsletter-test-secret'},
    }
    const since = new Date(Date.now() - 60_000).toISOString()
    const sent = mails.length
    const created = await createItineraryRequest(
      post('/api/itinerary-requests', {
        source: 'wizard',
        name: 'Ola',
        email: 'ola@example.com',
        travelers: '2',
        ...solvedQuestion(challenges),
      }),
      ctx,
      {...deps, challenges, today: () => '2030-01-01'},
    )
    expect(created.status).toBe(201)
    expect(
      (
        await createNewsletterSignup(
          post('/api/newsletter-signups', {
            name: 'Bea',
            email: 'bea@example.com',
            consent: true,
            sourcePage: '/',
          }),
          ctx,
          deps,
        )
      ).status,
    ).toBe(201)
    // The team hears of a sign-up once its address is confirmed, through the link mailed to it.
    const confirmation = mails.slice(sent).find((mail) => mail.id.includes('-confirm-'))!
    const token = /token=([\w.-]+)/.exec(confirmation.message.text)![1]!
    const confirmed = await confirmNewsletterSignup(
      jsonPost('/api/newsletter/confirm', {token}),
      ctx,
      deps,
    )
    expect(confirmed.status).toBe(200)
    const atRequest = mails.slice(sent).filter((mail) => mail.message.to === 'team@example.com')
    expect(atRequest).toHaveLength(2)

    // The sweep rebuilds each mail from the lake under the same id (the outbox sends an id once) and the same text.
    const swept: typeof mails = []
    const record = async (id: string, message: MailMessage) => void swept.push({id, message})
    await requeueItineraryNotifications({since}, {...deps, notify: record})
    await requeueNewsletterNotifications({since}, {...deps, notify: record})
    for (const mail of atRequest) expect(swept).toContainEqual(mail)
    expect(atRequest.map((mail) => mail.message.subject)).toEqual([
      expect.stringMatching(/^New itinerary request TRIP-[0-9A-Z-]+ from Ola$/),
      'New newsletter sign-up: bea@example.com',
    ])
    // The team reads labels and dates in words, never stored values.
    const [trip, signup] = atRequest.map((mail) => mail.message)
    expect(trip!.text).toMatch(
      /^A new bespoke itinerary request arrived\.\n\nReference: TRIP-[\w-]+\n/,
    )
    expect(trip!.text).toContain('Form: Booking wizard\nName: Ola\nEmail: ola@example.com')
    expect(trip!.text).toContain('Travellers: 2')
    expect(signup!.text).toContain('Name: Bea\nEmail: bea@example.com')
    for (const mail of [trip!, signup!]) {
      expect(mail.text).toMatch(/(Received|Consented): \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} SAST/)
      expect(mail.text + mail.html).not.toMatch(/\d{4}-\d{2}-\d{2}|Form: wizard/)
      expect(mail.html).toMatch(
        /^<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>New /,
      )
    }

    // Nothing older than `since` comes back.
    const none: typeof mails = []
    const future = new Date(Date.now() + 60_000).toISOString()
    await requeueItineraryNotifications(
      {since: future},
      {
        ...deps,
        notify: async (id, message) => void none.push({id, message}),
      },
    )
    await requeueNewsletterNotifications(
      {since: future},
      {
        ...deps,
        notify: async (id, message) => void none.push({id, message}),
      },
    )
    expect(none).toEqual([])
  })

  it('records bounded analytics events', async () => {
    const lines: string[] = []
    const deps = {
      rateLimiter: createRateLimiter({limit: 2, windowMs: 60_000}),
      append: async (l: string) => void lines.push(l),
    }
    expect(
      (await recordEvent(post('/api/events', {event: 'booking_submitted', pax: 3}), ctx, deps))
        .status,
    ).toBe(204)
    expect(
      (await recordEvent(post('/api/events', {event: 'x', blob: 'y'.repeat(5000)}), ctx, deps))
        .status,
    ).toBe(413)
    expect((await recordEvent(post('/api/events', {event: 'x'}), ctx, deps)).status).toBe(429)
    expect(lines).toHaveLength(1)

    const errors: unknown[] = []
    const broken = await recordEvent(post('/api/events', {event: 'booking_submitted'}), ctx, {
      rateLimiter: limiter(),
      append: () => Promise.reject(new Error('ENOSPC: no space left on device')),
      onError: (error) => errors.push(error),
    })
    expect(broken.status).toBe(503)
    expect(((await broken.json()) as {detail: string}).detail).toBe(
      'Events cannot be recorded right now.',
    )
    expect(errors).toHaveLength(1)
  })
  it('refuses events carrying control, bidi or unreadable characters and records nothing', async () => {
    const lines: string[] = []
    const deps = {
      rateLimiter: createRateLimiter({limit: 100, windowMs: 60_000}),
      append: async (l: string) => void lines.push(l),
    }
    const junk = [
      {event: 'booking_submitted', label: 'a\u0000b'},
      {event: 'booking_submitted', label: 'x\u001b[2J'},
      {event: 'booking_submitted', path: '/book\u202Eexe'},
      {event: 'booking_submitted', label: 'a\ud800'},
    ]
    for (const body of junk) {
      const response = await recordEvent(post('/api/events', body), ctx, deps)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as {detail: string}).detail).toBe(
        'Not a known event shape.',
      )
    }
    expect(lines).toEqual([])
  })
})
