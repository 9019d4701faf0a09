import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {createRateLimiter} from '../lib/rate-limit.ts'
import {requestLinkToken} from '../lib/request-link.ts'
import {problemBody} from '@repo/schemas/problem.ts'
import {CROSS_ORIGIN_MESSAGE, INVALID_LINK_MESSAGE} from './request-deps.ts'
import {REQUEST_LIMITS} from './routes.ts'
import {
  NOW,
  OPTION_MORNING,
  pageGet,
  pagePost,
  SECRET,
  SITE,
  startRequestFixture,
  type RequestFixture,
} from './testing/request-fixture.ts'

let f: RequestFixture
let app: ReturnType<RequestFixture['routes']>
let victim: Awaited<ReturnType<RequestFixture['seedBooking']>>
let other: Awaited<ReturnType<RequestFixture['seedBooking']>>

const roomy = () => createRateLimiter({limit: 100_000, windowMs: 60_000})

beforeAll(async () => {
  f = await startRequestFixture()
  app = f.routes({limiters: {view: roomy(), action: roomy(), link: roomy()}})
  victim = await f.seedBooking()
  other = await f.seedBooking()
})
afterAll(async () => {
  await f?.stop()
})

/** Everything a page for the victim could give away. */
const personal = () => [
  victim.booking.booking_ref,
  victim.booking.name,
  victim.booking.email,
  victim.booking.phone,
  victim.booking._id,
  'Lion’s Head',
  '2030-02',
]

const INVALID_BODY = JSON.stringify(problemBody(404, INVALID_LINK_MESSAGE, {fieldErrors: {}}))

/** The victim's booking and mail as stored, to prove a refused request changed neither. */
const snapshot = async () => ({
  rev: (await f.bookings.getDocument(victim.booking._id))!._rev,
  mails: await f.bookings.fetch<number>('count(*[_type == "outboxMail"])'),
})

/** Two different replacements for a character of a link. */
const swaps = (char: string) => (char === '.' ? ['-', '_'] : char === 'A' ? ['B', '.'] : ['A', 'z'])

/** At least 200 links that must not open anything: altered, truncated, forged, expired, another booking's. */
function hostileTokens(): string[] {
  const token = victim.token
  const [id, expiry, signature] = token.split('.') as [string, string, string]
  const variants = new Set<string>()
  // One character changed at every position (id, expiry, signature and the dots), two ways each.
  for (let i = 0; i < token.length; i++)
    for (const replacement of swaps(token[i]!))
      if (replacement !== token[i])
        variants.add(token.slice(0, i) + replacement + token.slice(i + 1))
  // Cut short, or longer.
  for (let n = 1; n < token.length; n += 7) variants.add(token.slice(0, n))
  for (const tail of ['A', '=', '.', '..', '%00', '%20', '%2F', '%3F', ';x'])
    variants.add(token + tail)
  // Case flipped: base64url is case-sensitive.
  variants.add(token.toUpperCase())
  variants.add(token.toLowerCase())
  // Another booking's id under the victim's signature, and the reverse.
  const [otherId, otherExpiry, otherSignature] = other.token.split('.') as [string, string, string]
  variants.add(`${otherId}.${expiry}.${signature}`)
  variants.add(`${id}.${otherExpiry}.${otherSignature}`)
  // A later expiry under the old signature (extending one's own link).
  variants.add(`${id}.${(parseInt(expiry, 36) + 86_400).toString(36)}.${signature}`)
  // Signed with other secrets (a guess at a default, an empty one, the write token's derivation).
  for (const secret of ['', 'secret', 'request-link:', 'changeme', SECRET.slice(1), `${SECRET}x`])
    variants.add(requestLinkToken(secret, victim.booking._id, new Date('2030-04-01T00:00:00Z')))
  // Correctly signed, but expired (any time at or before now).
  for (const seconds of [0, 1, 60, 3_600, 86_400 * 30, NOW.getTime() / 1000 - 1e9])
    variants.add(
      requestLinkToken(SECRET, victim.booking._id, new Date(NOW.getTime() - seconds * 1000)),
    )
  // Well signed, but naming what is not a booking the victim has: drafts, the lock, the outbox, nothing.
  for (const notBooking of [
    'siteSettings',
    'exp-hike',
    `mail-${victim.booking._id}-link`,
    'booking-none',
  ])
    variants.add(requestLinkToken(SECRET, notBooking, new Date('2030-04-01T00:00:00Z')))
  // Junk, traversal, encodings, Unicode and sizes.
  // (`.`, `..` and `%2e%2e` are no such thing: URLs resolve them before any route sees the path.)
  for (const junk of [
    '...',
    'a..b',
    '..%2f..%2fetc%2fpasswd',
    '%2F%2Fevil.com',
    '%5C%5Cevil.com',
    'https%3A%2F%2Fevil.com',
    '%E2%80%AE',
    encodeURIComponent('токен.тест.подпись'),
    encodeURIComponent('😀'.repeat(50)),
    '%00',
    'A'.repeat(5_000),
    `${'A'.repeat(200)}.${'z'.repeat(12)}.${'B'.repeat(43)}`,
    `${id}.${expiry}.${'A'.repeat(43)}`,
    `${id}.${expiry}.${signature.slice(0, 42)}`,
    `${id}.${expiry}`,
    `${id}..${signature}`,
    `.${expiry}.${signature}`,
    `${id}.-1.${signature}`,
    `${id}.${'z'.repeat(13)}.${signature}`,
    encodeURIComponent(`${id}.${expiry}.${signature}\n`),
    'null',
    'undefined',
    '[object Object]',
    '*',
    '$id',
  ])
    variants.add(junk)
  variants.delete(token)
  return [...variants]
}

describe('forged, altered and expired links', () => {
  it('answers every one of at least 200 with one and the same 404 that names nothing', async () => {
    const before = await snapshot()
    const tokens = hostileTokens()
    expect(tokens.length).toBeGreaterThanOrEqual(200)
    for (const token of tokens) {
      for (const request of [
        new Request(`${SITE}/api/requests/${token}`),
        new Request(`${SITE}/api/requests/${token}/calendar.ics`),
        pagePost(`/${token}/accept`, {option: OPTION_MORNING._key}),
        pagePost(`/${token}/withdraw`, {}),
      ]) {
        const response = await app.request(request)
        expect(response.status, `${request.method} ${token.slice(0, 80)}`).toBe(404)
        expect(response.headers.get('cache-control')).toBe('no-store')
        const text = await response.text()
        expect(text, token.slice(0, 80)).toBe(INVALID_BODY)
        for (const value of personal()) expect(text).not.toContain(value)
      }
    }
    // The real link still works, and nothing was changed or mailed by any of them.
    expect((await app.request(pageGet(victim.token))).status).toBe(200)
    expect(await snapshot()).toEqual(before)
  })

  it('never redirects: odd links are answered here, never sent elsewhere', async () => {
    for (const token of [
      '%2F%2Fevil.com',
      '%2F%5Cevil.com',
      'https:%2F%2Fevil.com',
      '..%2F..%2F',
    ]) {
      const response = await app.request(new Request(`${SITE}/api/requests/${token}`))
      expect(response.status).toBe(404)
      expect(response.headers.get('location')).toBeNull()
      expect(await response.text()).toBe(INVALID_BODY)
    }
  })

  it('shows another booking only to its own link, and its link cannot touch the victim', async () => {
    const before = await snapshot()
    const response = await app.request(pageGet(other.token))
    const text = await response.text()
    expect(text).toContain(other.booking.booking_ref)
    expect(text).not.toContain(victim.booking.booking_ref)
    // The other booking's proposal keys are the same strings: accepting with its link moves only it.
    const accepted = await app.request(
      pagePost(`/${other.token}/accept`, {option: OPTION_MORNING._key}),
    )
    expect(accepted.status).toBe(200)
    expect((await snapshot()).rev).toBe(before.rev)
    // Asking for a link with the victim's reference and another address sends nothing to anyone.
    const mailsBefore = await f.mailsAbout(victim.booking._id)
    const asked = await app.request(
      pagePost('/link', {reference: victim.booking.booking_ref, email: other.booking.email}),
    )
    expect(asked.status).toBe(202)
    await f.settled()
    expect(await f.mailsAbout(victim.booking._id)).toEqual(mailsBefore)
  })
})

describe('brute force', () => {
  it('throttles views per client address with the real limits (429 with Retry-After)', async () => {
    const limited = f.routes()
    const guesses = hostileTokens()
    const answers: number[] = []
    for (let i = 0; i < REQUEST_LIMITS.view + 5; i++)
      answers.push(
        (await limited.request(pageGet(guesses[i]!, {'x-test-client': '203.0.113.9'}))).status,
      )
    expect(answers.slice(0, REQUEST_LIMITS.view).every((s) => s === 404)).toBe(true)
    expect(answers.slice(REQUEST_LIMITS.view)).toEqual(Array(5).fill(429))
    const blocked = await limited.request(pageGet(victim.token, {'x-test-client': '203.0.113.9'}))
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await blocked.text()).not.toContain(victim.booking.booking_ref)
    // Someone else is not blocked by it.
    expect(
      (await limited.request(pageGet(victim.token, {'x-test-client': '198.51.100.7'}))).status,
    ).toBe(200)
  })

  it('throttles new-link requests to a handful a minute', async () => {
    const limited = f.routes()
    const statuses: number[] = []
    for (let i = 0; i < REQUEST_LIMITS.link + 2; i++)
      statuses.push(
        (
          await limited.request(
            pagePost(
              '/link',
              {reference: `CTE-X${i}`, email: 'x@example.com'},
              {'x-test-client': '203.0.113.10'},
            ),
          )
        ).status,
      )
    expect(statuses).toEqual([...Array(REQUEST_LIMITS.link).fill(202), 429, 429])
    await f.settled()
  })
})

describe('cross-site requests (CSRF)', () => {
  const crossSite: [string, Record<string, string>][] = [
    ['another origin', {origin: 'https://evil.example'}],
    ['no origin', {origin: ''}],
    ['a look-alike origin', {origin: 'https://site.test.evil.example'}],
    ['the null origin', {origin: 'null'}],
    ['a cross-site fetch', {'sec-fetch-site': 'cross-site'}],
    ['a same-site subdomain', {'sec-fetch-site': 'same-site'}],
  ]
  it.each(crossSite)('refuses %s with 403 and stores nothing', async (_name, headers) => {
    const before = await snapshot()
    const requests = [
      pagePost(`/${victim.token}/accept`, {option: OPTION_MORNING._key}, headers),
      pagePost(`/${victim.token}/withdraw`, {}, headers),
      pagePost(
        '/link',
        {reference: victim.booking.booking_ref, email: victim.booking.email},
        headers,
      ),
    ]
    for (const request of requests) {
      if (headers.origin === '') request.headers.delete('origin')
      const response = await app.request(request)
      expect(response.status).toBe(403)
      expect(((await response.json()) as {detail: string}).detail).toBe(CROSS_ORIGIN_MESSAGE)
    }
    expect(await snapshot()).toEqual(before)
  })
})

describe('hostile bodies and methods', () => {
  it('answers each with a clear 4xx and stores nothing', async () => {
    const before = await snapshot()
    const accept = `/${victim.token}/accept`
    const cases: [Request, number, RegExp][] = [
      [pagePost(accept, '{not json'), 400, /not valid JSON/],
      [pagePost(accept, '[1,2]'), 400, /JSON object/],
      [pagePost(accept, 'null'), 400, /JSON object/],
      [pagePost(accept, {option: 'x'.repeat(4_000)}), 413, /too large/],
      [pagePost(accept, {option: 'o'.repeat(65)}), 400, /no longer on offer/],
      [pagePost(accept, {option: {$gt: ''}}), 400, /no longer on offer/],
      [pagePost(accept, {option: ['opt-morning']}), 400, /no longer on offer/],
      [pagePost(accept, {option: 'opt\u202Emorning'}), 400, /no longer on offer/],
      [pagePost(accept, {option: 'opt-morning\u0000'}), 400, /no longer on offer/],
      [
        pagePost(accept, {option: OPTION_MORNING._key, status: 'confirmed'}),
        400,
        /Send only the chosen date/,
      ],
      [
        pagePost(
          accept,
          JSON.stringify({
            option: OPTION_MORNING._key,
            x: JSON.parse('['.repeat(500) + ']'.repeat(500)),
          }),
        ),
        400,
        /Send only/,
      ],
      [pagePost(accept, {}), 400, /no longer on offer/],
      [
        pagePost(accept, {option: OPTION_MORNING._key}, {'content-type': 'text/plain'}),
        415,
        /JSON/,
      ],
      [pagePost(`/${victim.token}/withdraw`, {reason: 'x'}), 400, /Send nothing else/],
      [pagePost(`/${victim.token}/withdraw`, ''), 400, /not valid JSON/],
      [
        pagePost('/link', {reference: 'CTE-\uD800', email: 'a@example.com'}),
        400,
        /letters, digits and dashes/,
      ],
      [
        pagePost('/link', {reference: 'CTE-1', email: `${'a'.repeat(250)}@example.com`}),
        400,
        /email address/,
      ],
      [
        new Request(`${SITE}/api/requests/${victim.token}`, {
          method: 'DELETE',
          headers: {origin: SITE},
        }),
        405,
        /Use GET, HEAD/,
      ],
      [
        new Request(`${SITE}/api/requests/${victim.token}`, {
          method: 'PUT',
          headers: {origin: SITE},
        }),
        405,
        /Use GET, HEAD/,
      ],
      [new Request(`${SITE}/api/requests/${victim.token}/accept`), 405, /Use POST/],
      [
        new Request(`${SITE}/api/requests/${victim.token}/withdraw`, {
          method: 'PATCH',
          headers: {origin: SITE},
        }),
        405,
        /Use POST/,
      ],
      [new Request(`${SITE}/api/requests/link`), 405, /Use POST/],
    ]
    for (const [request, status, message] of cases) {
      const response = await app.request(request)
      expect(response.status, `${request.method} ${request.url.slice(-30)}`).toBe(status)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(((await response.json()) as {detail: string}).detail).toMatch(message)
    }
    expect(await snapshot()).toEqual(before)
    const stored = await f.bookings.getDocument(victim.booking._id)
    expect(stored).toMatchObject({status: 'contacted', date: '2030-02-01'})
  })
})
