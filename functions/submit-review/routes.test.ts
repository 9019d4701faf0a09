import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {requestLinkToken} from '../lib/request-link.ts'
import {reviewDocumentId, reviewLinkUrl} from '../lib/review-link.ts'
import {
  ALREADY_REVIEWED_MESSAGE,
  NOT_REVIEWABLE_MESSAGE,
  REVIEW_LINK_MESSAGE,
  createReviewRoutes,
} from './routes.ts'

const SECRET = 's'.repeat(32)
const SITE = 'https://capecurated.example'
const NOW = new Date('2026-11-26T10:00:00Z')
let lake: TestLake
let app: ReturnType<typeof createReviewRoutes>

const roomy = () => createRateLimiter({limit: 100_000, windowMs: 60_000})
const tokenOf = (id: string, date = '2026-11-24') =>
  reviewLinkUrl(SITE, SECRET, {_id: id, date}, NOW).split('/reviews/')[1]!

beforeAll(async () => {
  lake = await startTestLake()
  const content = lake.client({token: lake.secrets.writeToken})
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  await content.createOrReplace(
    {
      _id: 'experience-sunset-cruise',
      _type: 'experience',
      title: 'Sunset Cruise',
      slug: {_type: 'slug', current: 'sunset-cruise'},
    },
    {visibility: 'sync'},
  )
  const booking = (id: string, status: string, date: string) => ({
    _id: id,
    _type: 'booking',
    booking_ref: `CTX-${id.toUpperCase()}`,
    status,
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date,
    name: 'Thandi van der Merwe',
    email: `${id}@traveller.example`,
  })
  let tx = bookings.transaction()
  for (const doc of [
    booking('trip-1', 'confirmed', '2026-11-24'),
    booking('trip-2', 'confirmed', '2026-11-24'),
    booking('trip-3', 'confirmed', '2026-11-24'),
    booking('hostile', 'confirmed', '2026-11-24'),
    booking('declined', 'declined', '2026-11-24'),
    booking('future', 'confirmed', '2026-12-24'),
  ])
    tx = tx.createOrReplace(doc)
  await tx.commit({visibility: 'sync'})
  app = createReviewRoutes(
    () => ({content, bookings, secret: SECRET, siteUrl: SITE, now: () => NOW}),
    {limiters: {view: roomy(), submit: roomy()}, clientAddress: () => '203.0.113.9'},
  )
})
afterAll(async () => {
  await lake?.stop()
})

const get = (token: string) => app.request(`/${token}`)
const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(`/${token}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', 'origin': SITE, ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const messageOf = async (response: Response) =>
  ((await response.json()) as {detail: string}).detail

const good = {
  rating: 5,
  text: 'A calm evening on the water with a guide who knew every ship in the harbour.',
  displayName: 'Thandi V.',
  consent: true,
}

/** Every review-related document in the content dataset, drafts and locks included. */
const stored = () =>
  lake
    .client({token: lake.secrets.writeToken})
    .fetch<{_id: string}[]>('*[_type in ["review", "reviewSubmission"]]{_id}')

describe('the review form API', () => {
  it('opens the form for a confirmed past trip with the short name prefilled, and stores a draft nobody outside the studio can read', async () => {
    const token = tokenOf('trip-1')
    const opened = await get(token)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('cache-control')).toBe('no-store')
    expect(await opened.json()).toEqual({
      state: 'open',
      experience: 'Sunset Cruise',
      date: '2026-11-24',
      displayName: 'Thandi M.',
    })

    const sent = await post(token, good)
    expect(sent.status).toBe(201)
    const id = reviewDocumentId(SECRET, 'trip-1')
    const admin = lake.client({token: lake.secrets.writeToken})
    const draft = await admin.getDocument(`drafts.${id}`)
    expect(draft).toMatchObject({
      _type: 'review',
      rating: 5,
      displayName: 'Thandi V.',
      experience: {_ref: 'experience-sunset-cruise'},
    })
    // Nothing in the public dataset names the booking or the traveller's address.
    const everything = JSON.stringify(
      await admin.fetch('*[_type in ["review", "reviewSubmission"]]'),
    )
    for (const secret of ['trip-1', 'CTX-TRIP-1', 'traveller.example', 'van der Merwe'])
      expect(everything).not.toContain(secret)
    // Anonymous readers (the site) see no draft and no lock.
    const anonymous = lake.client()
    expect(await anonymous.fetch('*[_type in ["review", "reviewSubmission"]]')).toEqual([])
    // The link to the booking is kept in the private dataset.
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    expect(await bookings.getDocument('trip-1-review')).toMatchObject({review_id: id})

    // The same link again: the form says thank you; a second review is refused.
    expect(await (await get(token)).json()).toMatchObject({state: 'reviewed'})
    const again = await post(token, {...good, rating: 1})
    expect(again.status).toBe(409)
    expect(await messageOf(again)).toBe(ALREADY_REVIEWED_MESSAGE)
    expect((await admin.getDocument(`drafts.${id}`))?.rating).toBe(5)
  })

  it('accepts one review per booking when many arrive at once, and still refuses one after publication', async () => {
    const token = tokenOf('trip-2')
    const answers = await Promise.all(
      Array.from({length: 6}, (_, i) => post(token, {...good, rating: (i % 5) + 1})),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409])
    // An editor publishes it: the draft becomes the published document.
    const admin = lake.client({token: lake.secrets.writeToken})
    const id = reviewDocumentId(SECRET, 'trip-2')
    const draft = (await admin.getDocument(`drafts.${id}`))!
    await admin
      .transaction()
      .create({...draft, _id: id})
      .delete(`drafts.${id}`)
      .commit({visibility: 'sync'})
    const after = await post(token, good)
    expect(after.status).toBe(409)
    expect(await admin.getDocument(`drafts.${id}`)).toBeUndefined()
  })

  it('does not open the form for a declined request or a trip still to come', async () => {
    for (const id of ['declined', 'future']) {
      const token = tokenOf(id, id === 'future' ? '2026-12-24' : '2026-11-24')
      const opened = await get(token)
      expect(opened.status).toBe(409)
      expect(await messageOf(opened)).toBe(NOT_REVIEWABLE_MESSAGE)
      expect((await post(token, good)).status).toBe(409)
    }
    expect((await stored()).map((d) => d._id).join()).not.toMatch(
      new RegExp(reviewDocumentId(SECRET, 'declined')),
    )
  })

  it('refuses forged, altered, expired and request-page links with one 404', async () => {
    const token = tokenOf('trip-3')
    const [id, expiry, signature] = token.split('.') as [string, string, string]
    const flip = (s: string) => (s[0] === 'A' ? `B${s.slice(1)}` : `A${s.slice(1)}`)
    const expired = reviewLinkUrl(
      SITE,
      SECRET,
      {_id: 'trip-3', date: '2026-01-01'},
      new Date('2026-01-02T00:00:00Z'),
    ).split('/reviews/')[1]!
    const hostile = [
      `${flip(id)}.${expiry}.${signature}`,
      `${id}.${(parseInt(expiry, 36) + 86_400).toString(36)}.${signature}`,
      `${id}.${expiry}.${flip(signature)}`,
      token.slice(0, -1),
      `${token}A`,
      // The traveller's request link for the same booking is not a review link.
      requestLinkToken(SECRET, 'trip-3', new Date('2027-01-01T00:00:00Z')),
      expired,
      'not-a-token',
    ]
    const before = await stored()
    for (const bad of hostile) {
      const opened = await get(encodeURIComponent(bad))
      expect(opened.status, bad).toBe(404)
      expect(await messageOf(opened)).toBe(REVIEW_LINK_MESSAGE)
      expect((await post(encodeURIComponent(bad), good)).status, bad).toBe(404)
    }
    expect(await stored()).toEqual(before)
  })

  it('answers hostile input with a clear 4xx and stores nothing', async () => {
    const token = tokenOf('hostile')
    const before = await stored()
    const cases: [string, Response | Promise<Response>, number, RegExp][] = [
      ['PUT', app.request(`/${token}`, {method: 'PUT'}), 405, /Use GET, HEAD, POST/],
      ['DELETE', app.request(`/${token}`, {method: 'DELETE'}), 405, /Use GET, HEAD, POST/],
      ['other site', post(token, good, {origin: 'https://evil.example'}), 403, /other sites/],
      ['text/plain', post(token, good, {'content-type': 'text/plain'}), 415, /JSON/],
      ['not JSON', post(token, '{"rating": 5,'), 400, /not valid JSON/],
      ['too large', post(token, {...good, text: 'a'.repeat(20_000)}), 413, /too large/],
      ['extra field', post(token, {...good, booking: 'x'}), 400, /Send only/],
      ['rating 0', post(token, {...good, rating: 0}), 400, /rating from 1 to 5/],
      ['rating 6', post(token, {...good, rating: 6}), 400, /rating from 1 to 5/],
      ['rating 4.5', post(token, {...good, rating: 4.5}), 400, /rating from 1 to 5/],
      ['rating "5"', post(token, {...good, rating: '5'}), 400, /rating from 1 to 5/],
      ['short text', post(token, {...good, text: 'Nice.'}), 400, /at least 20/],
      ['long text', post(token, {...good, text: 'a'.repeat(1501)}), 400, /at most 1500/],
      [
        'script',
        post(token, {...good, text: `Lovely trip <script>alert(1)</script> really`}),
        400,
        /without HTML/,
      ],
      [
        'img tag',
        post(token, {...good, text: 'Lovely trip <img src=x onerror=alert(1)> yes'}),
        400,
        /without HTML/,
      ],
      [
        'bidi override',
        post(token, {...good, text: `Lovely trip on the water \u202Eevil\u202C today`}),
        400,
        /invisible/,
      ],
      ['zero width', post(token, {...good, displayName: 'Tha\u200Bndi'}), 400, /invisible/],
      [
        'lone surrogate',
        post(
          token,
          `{"rating":5,"text":"Lovely trip \\ud800 on the water","displayName":"T","consent":true}`,
        ),
        400,
        /could not be read/,
      ],
      ['control', post(token, {...good, displayName: 'Thandi\u0007'}), 400, /single line/],
      ['markup name', post(token, {...good, displayName: '<b>Thandi</b>'}), 400, /without HTML/],
      ['long name', post(token, {...good, displayName: 'T'.repeat(41)}), 400, /at most 40/],
      ['empty name', post(token, {...good, displayName: '   '}), 400, /name to show/],
      ['no consent', post(token, {...good, consent: false}), 400, /consent/],
      ['array', post(token, '[1,2]'), 400, /JSON object/],
    ]
    for (const [name, pending, status, message] of cases) {
      const response = await pending
      expect(response.status, name).toBe(status)
      expect(await messageOf(response), name).toMatch(message)
    }
    expect(await stored()).toEqual(before)
  })

  it('limits views and submissions per address, with a 429 that stores nothing', async () => {
    const content = lake.client({token: lake.secrets.writeToken})
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const limited = createReviewRoutes(
      () => ({content, bookings, secret: SECRET, siteUrl: SITE, now: () => NOW}),
      {
        limiters: {
          view: createRateLimiter({limit: 2, windowMs: 60_000}),
          submit: createRateLimiter({limit: 1, windowMs: 60_000}),
        },
        clientAddress: () => '198.51.100.7',
      },
    )
    const token = tokenOf('hostile')
    const views = []
    for (let i = 0; i < 3; i++) views.push((await limited.request(`/${token}`)).status)
    expect(views).toEqual([200, 200, 429])
    const before = await stored()
    const send = () =>
      limited.request(`/${token}`, {
        method: 'POST',
        headers: {'content-type': 'application/json', 'origin': SITE},
        body: JSON.stringify({...good, rating: 0}),
      })
    expect((await send()).status).toBe(400)
    expect((await send()).status).toBe(429)
    expect(await stored()).toEqual(before)
  })
})
