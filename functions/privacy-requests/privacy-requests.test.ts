import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {
  defaultMailTemplate,
  mailTemplateId,
  templateBodyProblems,
} from '@repo/schemas/mail-templates.ts'
import {PRIVACY_REQUEST_SENT_MESSAGE} from '@repo/schemas/privacy-requests.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {applyRetention} from '../apply-retention/handler.ts'
import {MAIL_CONTENT_MAX_AGE_MS, mailContentLoader} from '../lib/mail-content.ts'
import {createOutbox, smtpTransport} from '../lib/mailer.ts'
import {createRateLimiter, RATE_LIMITED_MESSAGE} from '../lib/rate-limit.ts'
import {storedBooking} from '../lib/testing/stored-booking.ts'
import {openSealedLink} from '../lib/sealed-link.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {problemBody} from '@repo/schemas/problem.ts'
import {carryOutRequest} from '../staff/privacy.ts'
import {PRIVACY_REQUEST_TYPE, type PrivacyRequestDeps} from './handler.ts'
import {createPrivacyRequestRoutes} from './index.ts'

// A traveller's requests about their information, through the routes as the site mounts them, against the real
// lake: nothing about an address shows until a link mailed to it is used, once; bad input stores nothing.
const SITE = 'http://127.0.0.1:4999'
const PERSON = {
  name: 'Ayanda Accesstest',
  email: 'ayanda.access@example.org',
  phone: '+27 83 555 0101',
}
const OTHER = {name: 'Someone Else', email: 'someone.else@example.org'}

let lake: TestLake
let bookings: SanityClient
let dataDir: string
let clock: Date
let deps: PrivacyRequestDeps
let app: ReturnType<typeof createPrivacyRequestRoutes>

const send = (pathname: string, init: RequestInit = {}) =>
  app.request(`${SITE}${pathname}`, {
    ...init,
    headers: {'origin': SITE, 'sec-fetch-site': 'same-origin', ...init.headers},
  })
const post = (body: unknown, headers: Record<string, string> = {}) =>
  send('/', {
    method: 'POST',
    headers: {'content-type': 'application/json', ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
/**
 * Sends what the outbox holds to a real SMTP listener, as a site server's outbox would; resolves to the mails that
 * reached `email`, subject and text (soft line breaks joined).
 */
async function sentMails(email: string): Promise<{subject: string; text: string}[]> {
  const smtp = await startSmtpListener()
  try {
    await createOutbox({
      bookings,
      transport: smtpTransport(smtp.url),
      from: 'Privacy <privacy@example.com>',
      openLink: (sealed) => openSealedLink(sealed, deps.secret),
    }).flush()
    return smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => {
        const raw = mail.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=')
        return {subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '', text: raw}
      })
  } finally {
    await smtp.close()
  }
}

const storedRequests = () =>
  bookings.fetch<Record<string, unknown>[]>(`*[_type == $type] | order(created_at asc)`, {
    type: PRIVACY_REQUEST_TYPE,
  })

/**
 * The confirmation link, as the mail (still in the outbox: nothing sends it here) carries it: sealed, opened with
 * the servers' secret as their outbox would. The mail's own text holds only the slot.
 */
async function confirmLinkFor(email: string, kind = 'access'): Promise<string> {
  const mail = await bookings.fetch<{text: string; sealed_link: string} | null>(
    `*[_type == "outboxMail" && to == $email && about in *[_type == $type && kind == $kind && status == "unconfirmed"]._id][0]{text, sealed_link}`,
    {email, kind, type: PRIVACY_REQUEST_TYPE},
  )
  expect(mail?.text).not.toMatch(/privacy\/requests\/confirm/)
  const link = /http\S+\/privacy\/requests\/confirm\/([\w-]+)/.exec(
    mail ? openSealedLink(mail.sealed_link, deps.secret) : '',
  )
  if (!link) throw new Error(`No confirmation link for ${email}`)
  return `/confirm/${link[1]}`
}

beforeAll(async () => {
  lake = await startTestLake()
  bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'privacy-requests-'))
  const booking = (id: string, who: typeof OTHER & {phone?: string}, date: string) =>
    storedBooking(id, who, date, {created_at: '2026-10-01T08:00:00Z'})
  await bookings
    .transaction()
    .create(booking('ayanda-1', PERSON, '2026-12-01'))
    .create(booking('ayanda-2', {...PERSON, email: PERSON.email.toUpperCase()}, '2027-01-10'))
    .create(booking('other-1', OTHER, '2026-12-01'))
    .create({
      _id: 'itinerary-ayanda',
      _type: 'itineraryRequest',
      request_ref: 'TRIP-AYANDA',
      status: 'new',
      created_at: '2026-11-20T08:00:00Z',
      name: PERSON.name,
      email: PERSON.email,
      special_requests: 'A vegetarian lunch',
    })
    // Booked through a reseller (OCTO): the traveller's contact as the reseller sent it, the address in capitals.
    .create({
      _id: 'octo-ayanda',
      _type: 'octoBooking',
      uuid: '0b7e1a52-5b1c-4c39-9a57-0c0ffee00001',
      reseller_id: 'reseller-example',
      reseller_name: 'Example Tours',
      state: 'on_hold',
      product_id: 'exp-walk',
      experience_id: 'bo-kaap-food-walk',
      experience_title: 'Bo-Kaap Food Walk',
      date: '2026-12-05',
      supplier_reference: 'CTE-OCTO-AYANDA',
      reseller_reference: 'EX-1001',
      unit_items: [],
      notes: `${PERSON.name} is vegetarian`,
      contact: {
        full_name: PERSON.name,
        email: PERSON.email.toUpperCase(),
        phone: PERSON.phone,
        locales: ['en-ZA'],
      },
      created_at: '2026-11-01T08:00:00Z',
      hold_until: '2026-11-01T08:30:00Z',
    })
    // The traveller is also the contact of a reseller we sell through.
    .create({
      _id: 'reseller-ayanda',
      _type: 'reseller',
      name: 'Ayanda Adventures',
      contact: `Bookings desk, ${PERSON.email}`,
      experiences: [],
      key_hash: 'f'.repeat(64),
      key_prefix: 'octo_abcd',
      created_at: '2026-10-01T08:00:00Z',
      created_by: 'owner',
    })
    .create({
      _id: 'newsletterSignup.ayanda',
      _type: 'newsletterSignup',
      email: PERSON.email,
      name: PERSON.name,
      consented_at: '2026-10-01T08:00:00Z',
    })
    .commit({visibility: 'sync'})
  // Its confirmation: an earlier revision in the lake's history holds the contact too, and a mail about it.
  await bookings
    .transaction()
    .patch('octo-ayanda', (p) => p.set({state: 'confirmed', confirmed_at: '2026-11-01T08:10:00Z'}))
    .create({
      _id: 'mail-octo-ayanda-reminder',
      _type: 'outboxMail',
      mail_id: 'octo-ayanda-reminder',
      about: 'octo-ayanda',
      to: PERSON.email,
      subject: 'See you soon',
      text: `Hello ${PERSON.name}`,
      html: '',
      status: 'sent',
      attempts: 1,
      queued_at: '2026-11-01T08:10:00Z',
      next_attempt_at: '2026-11-01T08:10:00Z',
    })
    .commit({visibility: 'sync'})
  fs.writeFileSync(
    path.join(dataDir, 'events.ndjson'),
    `${JSON.stringify({event: 'newsletter', email: PERSON.email, received_at: '2026-10-01T08:00:00Z'})}\n`,
  )
})

beforeEach(() => {
  clock = new Date('2026-11-25T10:00:00Z')
  deps = {
    bookings,
    dataDir,
    siteUrl: SITE,
    secret: 'test-secret-for-address-hashes-0123456789',
    rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
    now: () => clock,
    // The servers' loader, on the test's clock: a published change reaches the mails composed after its two seconds.
    mailContent: mailContentLoader(lake.client({token: lake.secrets.writeToken}), {
      now: () => clock.getTime(),
    }),
  }
  app = createPrivacyRequestRoutes(
    () => deps,
    () => '203.0.113.9',
  )
})

afterAll(async () => {
  await lake.stop()
  fs.rmSync(dataDir, {recursive: true, force: true})
})

describe('asking', () => {
  it('answers a known and an unknown address alike, and stores nothing that shows what is held', async () => {
    const before = (await storedRequests()).length
    const known = await post({kind: 'access', email: PERSON.email})
    const unknown = await post({kind: 'access', email: 'nobody.here@example.org'})
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    const [knownBody, unknownBody] = [await known.json(), await unknown.json()]
    expect(knownBody).toEqual({message: PRIVACY_REQUEST_SENT_MESSAGE})
    expect(unknownBody).toEqual(knownBody)
    const stored = (await storedRequests()).slice(before)
    // The same shape either way: nothing was looked up about either address.
    const shape = (doc: Record<string, unknown>) => Object.keys(doc).sort()
    expect(shape(stored[0]!)).toEqual(shape(stored[1]!))
    expect(stored.map((doc) => doc.status)).toEqual(['unconfirmed', 'unconfirmed'])
  })

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const before = (await storedRequests()).length
    const cases: [Response, number][] = [
      [await post({kind: 'sell-my-data', email: PERSON.email}), 400],
      [await post({kind: 'access', email: 'not-an-address'}), 400],
      [await post({kind: 'correction', email: PERSON.email}), 400],
      [await post({kind: 'access', email: PERSON.email, extra: 'field'}), 400],
      [await post('{"kind":'), 400],
      [await post({kind: 'access', email: PERSON.email, correction: 'x'.repeat(5000)}), 413],
      [await post({kind: 'access', email: PERSON.email}, {'content-type': 'text/plain'}), 415],
      [await post({kind: 'access', email: PERSON.email}, {origin: 'https://evil.example'}), 403],
      [await send('/', {method: 'GET'}), 405],
      [await send('/', {method: 'DELETE'}), 405],
    ]
    for (const [response, status] of cases) {
      expect(response.status).toBe(status)
      expect(JSON.stringify(await response.json())).toMatch(/"detail":"[A-Z]/)
    }
    expect((await storedRequests()).length).toBe(before)
  })

  it('answers a client over its limit with the API’s 429 and Retry-After, and stores nothing', async () => {
    deps.rateLimiter = createRateLimiter({limit: 1, windowMs: 30_000, now: () => 1_000_000})
    expect((await post({kind: 'access', email: 'first.ask@example.org'})).status).toBe(202)
    const before = (await storedRequests()).length
    const limited = await post({kind: 'access', email: 'second.ask@example.org'})
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('30')
    expect(await limited.json()).toEqual(problemBody(429, RATE_LIMITED_MESSAGE, {fieldErrors: {}}))
    expect((await storedRequests()).length).toBe(before)
  })
})

describe('confirming and downloading', () => {
  it('opens nothing on GET, confirms once on POST, and then serves every request of the address and nobody else’s', async () => {
    await post({kind: 'access', email: PERSON.email})
    const link = await confirmLinkFor(PERSON.email)
    const page = await send(link)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('private, no-store')
    // What was asked, and nothing about the address: the link may have been opened by anyone with the mail.
    expect(await page.json()).toEqual({kind: 'access', title: 'A copy of my information'})
    // Opening the page again (a mail scanner, a second look) still works: GET changes nothing.
    expect((await send(link)).status).toBe(200)

    const confirmed = await send(link, {method: 'POST'})
    expect(confirmed.status).toBe(303)
    const download = confirmed.headers.get('location') as string
    expect(download).toMatch(/^\/privacy\/requests\/download\/[\w-]{43}$/)
    // Single use: the same link again, by GET or POST, is refused.
    expect((await send(link, {method: 'POST'})).status).toBe(404)
    expect((await send(link)).status).toBe(404)

    // What the download page is rendered from (web/src/app/routes/privacy-download.tsx shows it).
    const view = await send(download.replace('/privacy/requests', ''))
    expect(view.headers.get('cache-control')).toBe('private, no-store')
    expect(view.headers.get('content-disposition')).toBeNull()
    const copy = await view.text()
    expect(copy).toContain('CTE-AYANDA-1')
    expect(copy).toContain('CTE-AYANDA-2')
    expect(copy).toContain('TRIP-AYANDA')
    expect(copy).toContain('A vegetarian lunch')
    // Booked through a reseller: found by the contact's address, whatever its case.
    expect(copy).toContain('CTE-OCTO-AYANDA')
    expect(copy).toContain('newsletter')
    expect((JSON.parse(copy) as {signups: unknown[]}).signups).toHaveLength(1)
    expect(copy).not.toContain(OTHER.email)
    expect(copy).not.toContain('CTE-OTHER-1')
    const data = (await (
      await send(`${download.replace('/privacy/requests', '')}.json`)
    ).json()) as {
      requests: {_id: string}[]
    }
    expect(data.requests.map((request) => request._id).sort()).toEqual([
      'ayanda-1',
      'ayanda-2',
      'itinerary-ayanda',
      'octo-ayanda',
      'reseller-ayanda',
    ])
    expect(copy).not.toContain('f'.repeat(64))
    expect(JSON.stringify(data)).not.toContain(OTHER.name)
    expect(JSON.stringify(data)).not.toContain('request_hash')

    // The download expires.
    clock = new Date(clock.getTime() + 25 * 3_600_000)
    expect((await send(download.replace('/privacy/requests', ''))).status).toBe(404)
    expect((await send(`${download.replace('/privacy/requests', '')}.json`)).status).toBe(404)
  })

  it('refuses forged, malformed and expired links, and wrong methods, alike', async () => {
    await post({kind: 'access', email: OTHER.email})
    const link = await confirmLinkFor(OTHER.email)
    const forged = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`
    for (const target of [
      forged,
      '/confirm/short',
      `/confirm/${'a'.repeat(500)}`,
      '/download/AAAA',
    ])
      expect(
        (await send(target, {method: target.includes('download') ? 'GET' : 'POST'})).status,
      ).toBe(404)
    expect((await send(link, {method: 'PUT'})).status).toBe(405)
    expect((await send('/download/x', {method: 'POST'})).status).toBe(405)
    expect(
      (await send(link, {method: 'POST', headers: {origin: 'https://evil.example'}})).status,
    ).toBe(403)
    clock = new Date(clock.getTime() + 25 * 3_600_000)
    expect((await send(link, {method: 'POST'})).status).toBe(404)
    const stored = await storedRequests()
    expect(stored.find((doc) => doc.email === OTHER.email)?.status).toBe('unconfirmed')
    // Never confirmed: the retention job purges the request and its mail, address and all.
    await applyRetention({bookings, dataDir, secret: deps.secret, now: () => clock}, clock)
    expect(JSON.stringify(await bookings.fetch('*', {}, {perspective: 'raw'}))).not.toContain(
      'nobody.here@example.org',
    )
    expect((await storedRequests()).filter((doc) => doc.status === 'unconfirmed')).toEqual([])
  })
})

describe('correction', () => {
  it('writes the corrected phone number on everything of the address in one action, refusing bad input unchanged', async () => {
    await post({
      kind: 'correction',
      email: PERSON.email,
      correction: 'My mobile number changed: +27 82 555 0199.',
    })
    const confirmed = await send(await confirmLinkFor(PERSON.email, 'correction'), {
      method: 'POST',
    })
    expect(confirmed.status).toBe(200)
    expect(await confirmed.json()).toMatchObject({
      kind: 'correction',
      title: 'Thank you: your request is confirmed',
    })
    const request = (await storedRequests()).find(
      (doc) => doc.kind === 'correction' && doc.status === 'confirmed',
    ) as {_id: string}
    const manager = {
      id: 'staff-manager',
      name: 'Lindiwe',
      email: 'lindiwe@example.org',
      role: 'manager' as const,
    }
    const carryOut = (body: unknown) =>
      carryOutRequest(
        {
          client: bookings,
          dataDir,
          secret: deps.secret,
          mailContent: deps.mailContent,
          now: () => clock,
        },
        request._id,
        manager,
        body,
      )
    const phones = () =>
      bookings.fetch<(string | null)[]>(
        '*[lower(email) == $email && _type in ["booking", "itineraryRequest", "newsletterSignup"]] | order(_id).phone',
        {email: PERSON.email},
      )
    const before = await phones()
    for (const body of [null, {}, {phone: '<b>1</b>'}, {phone: '+27\u200b82'}, {email: 'x@y.z'}])
      expect((await carryOut(body)).status).toBe(400)
    expect(await phones()).toEqual(before)

    const done = await carryOut({phone: '+27 82 555 0199'})
    expect(done.status).toBe(200)
    expect((done.body as {report: {corrected: unknown}}).report.corrected).toEqual({
      fields: ['phone'],
      documents: 2,
    })
    // Both bookings have the new number; the sign-up, which held no number, is given none.
    expect(await phones()).toEqual(['+27 82 555 0199', '+27 82 555 0199', null, null])
    const kept = await bookings.getDocument(request._id)
    expect(kept).toMatchObject({status: 'done', done_by: 'Lindiwe'})
    expect(JSON.stringify(kept)).not.toContain('0199')
    // Nothing of the address was erased by a correction: the requests still name the traveller.
    expect(await bookings.getDocument('ayanda-1')).toMatchObject({name: PERSON.name})
    // They are told, from the editors' template, what their details say now; carried out again, not told twice.
    expect((await carryOut({phone: '+27 82 555 0199'})).status).toBe(404)
    // (The request's own confirmation mail, never sent in this test, goes with it.)
    const told = (await sentMails(PERSON.email)).filter((mail) =>
      mail.subject.startsWith('We have'),
    )
    expect(told.map((mail) => mail.subject)).toEqual(['We have corrected your information'])
    expect(told[0]!.text).toContain('Phone number')
    expect(told[0]!.text).toContain('+27 82 555 0199')
    // Kept in the mail log, as every other mail is.
    expect(await bookings.getDocument(`mail-privacy-done-${request._id.slice(-24)}`)).toMatchObject(
      {
        status: 'sent',
      },
    )
  })
})

describe('erasure', () => {
  it('waits for a manager once confirmed; carried out, nothing of the address remains and the request keeps only a hash', async () => {
    // Reviews of a booking each (the traveller's, published with a draft of an edit; and the other traveller's).
    const content = lake.client({token: lake.secrets.writeToken, dataset: 'production'})
    const review = (id: string, displayName: string) => ({
      _id: id,
      _type: 'review',
      rating: 5,
      text: `Wonderful hike, said ${displayName}`,
      displayName,
    })
    await content
      .transaction()
      .create(review('review-ayanda', 'Ayanda A.'))
      .create(review('drafts.review-ayanda', 'Ayanda A.'))
      .create(review('review-other', 'Someone E.'))
      .commit({visibility: 'sync'})
    await bookings
      .transaction()
      .create({
        _id: 'ayanda-1-review',
        _type: 'bookingReview',
        booking_id: 'ayanda-1',
        review_id: 'review-ayanda',
      })
      .create({
        _id: 'other-1-review',
        _type: 'bookingReview',
        booking_id: 'other-1',
        review_id: 'review-other',
      })
      .commit({visibility: 'sync'})
    await post({kind: 'erasure', email: PERSON.email})
    const confirmed = await send(await confirmLinkFor(PERSON.email, 'erasure'), {method: 'POST'})
    expect(confirmed.status).toBe(200)
    const request = (await storedRequests()).find(
      (doc) => doc.kind === 'erasure' && doc.status === 'confirmed',
    ) as {_id: string}
    const result = await carryOutRequest(
      {
        client: bookings,
        content,
        dataDir,
        secret: deps.secret,
        mailContent: deps.mailContent,
        now: () => clock,
      },
      request._id,
      {id: 'staff-manager', name: 'Lindiwe', email: 'lindiwe@example.org', role: 'manager'},
    )
    expect(result.status).toBe(200)
    const report = (
      result.body as {report: {proof: {place: string; found: number}[]; requests: unknown[]}}
    ).report
    expect(report.requests).toHaveLength(4)
    expect(report.proof.length).toBeGreaterThanOrEqual(6)
    expect(report.proof.filter((place) => place.found > 0)).toEqual([])
    // The last mail to the address says it is done; once sent, the lake forgets it, history and all.
    const told = await sentMails(PERSON.email)
    expect(told.map((mail) => mail.subject)).toEqual(['We have deleted your information'])
    const lastMail = `mail-privacy-done-${request._id.slice(-24)}`
    expect(await bookings.getDocument(lastMail)).toBeUndefined()
    const lastMailHistory = await fetch(
      `${lake.url}/v2025-02-19/data/history/bookings/transactions/${lastMail}?excludeContent=false`,
      {headers: {authorization: `Bearer ${lake.secrets.rootToken}`}},
    )
    expect((await lastMailHistory.text()).toLowerCase()).not.toContain(PERSON.email)
    const everything = JSON.stringify(await bookings.fetch('*', {}, {perspective: 'raw'}))
    expect(everything.toLowerCase()).not.toContain(PERSON.email)
    expect(everything).not.toContain(PERSON.name)
    expect(everything).toContain(OTHER.email)
    // The reseller's booking keeps the trip and both references, without the traveller, history and all.
    const octo = await bookings.getDocument('octo-ayanda')
    expect(octo).toMatchObject({
      state: 'confirmed',
      date: '2026-12-05',
      supplier_reference: 'CTE-OCTO-AYANDA',
      reseller_reference: 'EX-1001',
    })
    expect(octo).not.toHaveProperty('contact')
    expect(octo).not.toHaveProperty('notes')
    // The reseller stays, with its key, without the contact.
    expect(await bookings.getDocument('reseller-ayanda')).toMatchObject({
      name: 'Ayanda Adventures',
      key_hash: 'f'.repeat(64),
    })
    expect(await bookings.getDocument('reseller-ayanda')).not.toHaveProperty('contact')
    for (const id of ['octo-ayanda', 'mail-octo-ayanda-reminder', 'reseller-ayanda']) {
      const log = await fetch(
        `${lake.url}/v2025-02-19/data/history/bookings/transactions/${id}?excludeContent=false`,
        {headers: {authorization: `Bearer ${lake.secrets.rootToken}`}},
      )
      expect((await log.text()).toLowerCase(), id).not.toContain(PERSON.email)
    }
    // Their review is gone from the public dataset, history and all; the other traveller's stays.
    const reviews = await content.fetch<string[]>(
      '*[_type == "review"]._id',
      {},
      {perspective: 'raw'},
    )
    expect(reviews).toEqual(['review-other'])
    const history = await fetch(
      `${lake.url}/v2025-02-19/data/history/production/transactions/review-ayanda?excludeContent=false`,
      {headers: {authorization: `Bearer ${lake.secrets.rootToken}`}},
    )
    expect(await history.text()).not.toContain('Ayanda A.')
    expect(await bookings.getDocument('ayanda-1-review')).toBeUndefined()
    expect(await bookings.getDocument('other-1-review')).toBeDefined()
    expect(await bookings.getDocument(request._id)).toMatchObject({
      status: 'done',
      done_by: 'Lindiwe',
    })
    expect(await bookings.getDocument(request._id)).not.toHaveProperty('email')
    // Carried out once: a second press finds nothing to do.
    const again = await carryOutRequest(
      {
        client: bookings,
        dataDir,
        secret: deps.secret,
        mailContent: deps.mailContent,
        now: () => clock,
      },
      request._id,
      {id: 'staff-manager', name: 'Lindiwe', email: 'lindiwe@example.org', role: 'manager'},
    )
    expect(again.status).toBe(404)
  })
})

describe('the confirmation mail', () => {
  const content = () => lake.client({token: lake.secrets.writeToken, dataset: 'production'})
  /** An editor publishing the `privacyConfirm` template, as the studio does (a published document by its fixed id). */
  const publishTemplate = (subject: string, body: string) =>
    content().createOrReplace({
      _id: mailTemplateId('privacyConfirm'),
      _type: 'mailTemplate',
      kind: 'privacyConfirm',
      subject,
      body,
    })

  /** Asks as `email` and sends the outbox to a real SMTP listener: the mail as received, its soft breaks joined. */
  async function mailFor(email: string, smtp: Awaited<ReturnType<typeof startSmtpListener>>) {
    expect((await post({kind: 'access', email})).status).toBe(202)
    const outbox = createOutbox({
      bookings,
      transport: smtpTransport(smtp.url),
      from: 'Privacy <privacy@example.com>',
      openLink: (sealed) => openSealedLink(sealed, deps.secret),
    })
    await outbox.flush()
    const mails = smtp.received.filter((mail) => mail.to.includes(email))
    expect(mails).toHaveLength(1)
    return mails[0]!.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=')
  }

  it('is the editors’ template on the wire, with a working link the lake never holds readable; their next change is in the next mail', async () => {
    const smtp = await startSmtpListener()
    try {
      await publishTemplate(
        'Please confirm: {privacyRequest}',
        'Dear reader,\n\nOpen this within {confirmWithin} to go ahead:\n\n{privacyConfirmLink}\n\nWith thanks from the team.',
      )
      const first = await mailFor('template.first@example.org', smtp)
      expect(first).toContain('Subject: Please confirm: A copy of my information')
      expect(first).toContain('Open this within 24 hours to go ahead:')
      expect(first).not.toContain('If it was not you')
      const link = /http:\/\/127\.0\.0\.1:4999\/privacy\/requests\/confirm\/([\w-]{43})/.exec(first)
      expect(link).not.toBeNull()
      // A link in the HTML part too, as the template placed it.
      expect(first).toContain(`<a href="${link![0]}">`)
      expect((await send(`/confirm/${link![1]}`)).status).toBe(200)
      // Neither the outbox document nor any revision of it in the lake's history holds the token.
      const mailId = await bookings.fetch<string>(
        `*[_type == "outboxMail" && to == $email][0]._id`,
        {email: 'template.first@example.org'},
      )
      expect(JSON.stringify(await bookings.fetch('*', {}, {perspective: 'raw'}))).not.toContain(
        link![1],
      )
      const history = await fetch(
        `${lake.url}/v2025-02-19/data/history/bookings/transactions/${mailId}?excludeContent=false`,
        {headers: {authorization: `Bearer ${lake.secrets.rootToken}`}},
      )
      expect(history.status).toBe(200)
      const transactions = await history.text()
      expect(transactions).toContain('Open this within')
      expect(transactions).not.toContain(link![1])

      // The editor changes the text; the next mail (after the mail content's two seconds) has it.
      await publishTemplate(
        'Your information: one more step',
        'Hello again,\n\n{privacyConfirmLink}\n\nThis link works for {confirmWithin}.',
      )
      clock = new Date(clock.getTime() + MAIL_CONTENT_MAX_AGE_MS)
      const second = await mailFor('template.second@example.org', smtp)
      expect(second).toContain('Subject: Your information: one more step')
      expect(second).toContain('This link works for 24 hours.')
      expect(second).not.toContain('Open this within')
      expect(second).toMatch(/\/privacy\/requests\/confirm\/[\w-]{43}/)
    } finally {
      await content().delete(mailTemplateId('privacyConfirm'))
      await smtp.close()
    }
  })

  it('refuses a text without the link; one saved past the studio is not used, and the mail keeps its link', async () => {
    const linkless = 'Hello,\n\nPlease confirm your request within {confirmWithin}.'
    expect(templateBodyProblems('privacyConfirm', linkless)).toEqual([
      'The text must include {privacyConfirmLink}: the single-use link that confirms a request about one’s information.',
    ])
    const smtp = await startSmtpListener()
    try {
      await publishTemplate('Linkless: {privacyRequest}', linkless)
      const mail = await mailFor('template.linkless@example.org', smtp)
      expect(mail).not.toContain('Linkless')
      expect(mail).toContain(`Subject: ${defaultMailTemplate('privacyConfirm').subject}`)
      expect(mail).toMatch(/\/privacy\/requests\/confirm\/[\w-]{43}/)
    } finally {
      await content().delete(mailTemplateId('privacyConfirm'))
      await smtp.close()
    }
  })
})
