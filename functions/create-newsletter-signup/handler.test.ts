import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {DATE_TOO_FAR_MESSAGE} from '@repo/schemas/booking-request.ts'
import {CONTROL_CHARACTER_MESSAGE, invisibleCharactersMessage} from '@repo/schemas/safe-text.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {
  createItineraryRequest,
  requeueItineraryNotifications,
} from '../create-itinerary-request/handler.ts'
import {IDEMPOTENCY_KEY_REUSED_MESSAGE} from '../lib/idempotency.ts'
import type {MailMessage} from '../lib/mailer.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {recordEvent} from '../record-event/handler.ts'
import {createNewsletterSignup, requeueNewsletterNotifications} from './handler.ts'

let lake: TestLake
const mails: {id: string; message: MailMessage}[] = []
const notify = async (id: string, message: MailMessage) => void mails.push({id, message})
const limiter = () => createRateLimiter({limit: 1000, windowMs: 60_000})
const ctx = {clientAddress: '10.0.0.2'}
const post = (url: string, body: unknown) =>
  new Request(`http://site.test${url}`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(body),
  })

beforeAll(async () => {
  lake = await startTestLake()
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
    expect(stored[0]).toMatchObject({email: 'ann@example.com', consent: true})
    expect(mails.filter((m) => m.id.startsWith('newsletter-'))).toHaveLength(1)

    const refused = await createNewsletterSignup(
      post('/api/newsletter-signups', {...body, consent: false}),
      ctx,
      deps,
    )
    expect(refused.status).toBe(400)
  })

  it('stores questionnaire and wizard requests and refuses missing information', async () => {
    const deps = {
      bookings: bookings(),
      rateLimiter: limiter(),
      notify,
      teamEmail: 'team@example.com',
      today: () => '2030-01-01',
    }
    const questionnaire = {
      source: 'questionnaire',
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam@example.com',
      interests: ['hiking', 'foodie'],
      preferredDate: '2030-03-01',
    }
    const q = await createItineraryRequest(
      post('/api/itinerary-requests', questionnaire),
      ctx,
      deps,
    )
    expect(q.status).toBe(201)
    const w = await createItineraryRequest(
      post('/api/itinerary-requests', {
        source: 'wizard',
        name: 'Kim',
        email: 'kim@example.com',
        travelers: '6+',
      }),
      ctx,
      deps,
    )
    expect(w.status).toBe(201)
    const missing = await createItineraryRequest(
      post('/api/itinerary-requests', {
        source: 'questionnaire',
        firstName: 'Sam',
        email: 'sam@example.com',
      }),
      ctx,
      deps,
    )
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as {message: string}).message).toBe(
      'Please fill in all required fields.',
    )
    const past = await createItineraryRequest(
      post('/api/itinerary-requests', {...questionnaire, preferredDate: '2029-01-01'}),
      ctx,
      deps,
    )
    expect(past.status).toBe(400)
    for (const [preferredDate, message] of [
      ['9999-12-31', DATE_TOO_FAR_MESSAGE],
      ['2032-01-02', DATE_TOO_FAR_MESSAGE],
      ['2030-02-30', 'Please choose a valid date.'],
    ]) {
      const refused = await createItineraryRequest(
        post('/api/itinerary-requests', {...questionnaire, preferredDate}),
        ctx,
        deps,
      )
      expect(refused.status, preferredDate).toBe(400)
      expect(((await refused.json()) as {message: string}).message).toBe(message)
    }
    for (const [body, message] of [
      [{...questionnaire, firstName: 'Sam\u202Egnp.exe'}, invisibleCharactersMessage('your name')],
      [{...questionnaire, lastName: 'Lee\u200B'}, invisibleCharactersMessage('your name')],
      [{...questionnaire, additionalInfo: 'hello\u0007\u001b[2J'}, CONTROL_CHARACTER_MESSAGE],
    ] as const) {
      const refused = await createItineraryRequest(post('/api/itinerary-requests', body), ctx, deps)
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as {message: string}).message).toBe(message)
    }
    const stored = await bookings().fetch('*[_type == "itineraryRequest"] | order(source asc)')
    expect(stored).toHaveLength(2)
    expect(stored[0]).toMatchObject({
      source: 'questionnaire',
      first_name: 'Sam',
      status: 'new',
      interests: ['hiking', 'foodie'],
    })
    expect(stored[1]).toMatchObject({source: 'wizard', travelers: '6+'})
  })

  it('sends the team the same mail again from the stored lead, for a process stopped before queuing it', async () => {
    const deps = {
      bookings: bookings(),
      rateLimiter: limiter(),
      notify,
      teamEmail: 'team@example.com',
    }
    const since = new Date(Date.now() - 60_000).toISOString()
    const sent = mails.length
    const created = await createItineraryRequest(
      post('/api/itinerary-requests', {
        source: 'wizard',
        name: 'Ola',
        email: 'ola@example.com',
        travelers: '2',
      }),
      ctx,
      {...deps, today: () => '2030-01-01'},
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
    const atRequest = mails.slice(sent)
    expect(atRequest).toHaveLength(2)

    // The sweep rebuilds each mail from the lake under the same id (the outbox sends an id once) and the same text.
    const swept: typeof mails = []
    const record = async (id: string, message: MailMessage) => void swept.push({id, message})
    await requeueItineraryNotifications(since, {...deps, notify: record})
    await requeueNewsletterNotifications(since, {...deps, notify: record})
    for (const mail of atRequest) expect(swept).toContainEqual(mail)
    expect(atRequest.map((mail) => mail.message.subject)).toEqual([
      expect.stringMatching(/^New wizard request TRIP-[\w-]+ from Ola$/),
      'New newsletter sign-up: Bea',
    ])

    // Nothing older than `since` comes back.
    const none: typeof mails = []
    const future = new Date(Date.now() + 60_000).toISOString()
    await requeueItineraryNotifications(future, {
      ...deps,
      notify: async (id, message) => void none.push({id, message}),
    })
    await requeueNewsletterNotifications(future, {
      ...deps,
      notify: async (id, message) => void none.push({id, message}),
    })
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
    expect(((await broken.json()) as {message: string}).message).toBe(
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
      expect(((await response.json()) as {message: string}).message).toBe(
        'Not a known event shape.',
      )
    }
    expect(lines).toEqual([])
  })

  it('answers a trip request retried with its key with the first reference, and other data under it with 422', async () => {
    const deps = {
      bookings: bookings(),
      rateLimiter: limiter(),
      notify,
      teamEmail: 'team@example.com',
      today: () => '2030-01-01',
    }
    const wizard = {source: 'wizard', name: 'Kim', email: 'kim@example.com', travelers: '2'}
    const send = (body: unknown) => {
      const request = post('/api/itinerary-requests', body)
      request.headers.set('Idempotency-Key', 'trip-reused-key-01')
      return createItineraryRequest(request, {clientAddress: '10.0.0.3'}, deps)
    }
    const first = await send(wizard)
    expect(first.status).toBe(201)
    const {request_ref} = (await first.json()) as {request_ref: string}
    const retry = await send(wizard)
    expect(retry.status).toBe(201)
    expect(await retry.json()).toEqual({request_ref})
    const other = await send({...wizard, name: 'Somebody Else'})
    expect(other.status).toBe(422)
    expect(((await other.json()) as {message: string}).message).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE)
    const stored = await bookings().fetch<{name: string}[]>(
      '*[_type == "itineraryRequest" && request_ref == $ref]{name}',
      {ref: request_ref},
    )
    expect(stored).toEqual([{name: 'Kim'}])
  })
})
