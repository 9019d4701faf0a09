import {createRandom, type Random} from '../../lake/src/testing/seeded-random.ts'
import {deepNesting, gzipBomb, hostileDates, hostileObjectText, hostileStrings, malformedBody, oversizedBody, percentEncode} from './payloads.ts'
import type {RawRequest} from './raw-http.ts'


export type Server = 'site' | 'lake'

/**
 * One hostile request. `mustRefuse`: the request has to be answered with a 4xx (it writes, or it lacks
 * what it needs); otherwise any answer below 500 will do (a page with an odd query string may well be 200).
 */
export interface HostileCase {
  category: string
  server: Server
  mustRefuse: boolean
  /** Built when sent, so that the 12 MB bodies of 2,000 cases are never all in memory at once. */
  build(): Omit<RawRequest, 'port'>
}

export interface Targets {
  siteOrigin: string
  siteHost: string
  lakeHost: string
  staffCookie: string
}

const ODD_DATASETS = ['nope', '..', '%2e%2e', 'a'.repeat(300), 'Production', '_private']

/** Mostly the two real datasets, so that most requests reach the code behind the dataset check. */
function pickDataset(random: Random) {
  return random.chance(0.7) ? random.pick(['production', 'production', 'bookings']) : random.pick(ODD_DATASETS)
}

function json(method: string, target: string, host: string, body: Buffer | string, extra: [string, string][] = []) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  return {
    method,
    target,
    headers: [['Host', host], ['Content-Type', 'application/json'], ['Content-Length', String(bytes.length)], ...extra] as [string, string][],
    body: bytes,
  }
}

function get(target: string, host: string, extra: [string, string][] = []) {
  return {method: 'GET', target, headers: [['Host', host], ...extra] as [string, string][]}
}

function bookingFields(random: Random) {
  return {
    experienceId: random.pick(['table-mountain-hike', 'experience.x', '*', '']),
    date: '2027-03-14',
    adults: 2,
    children: 0,
    name: 'Thandi Mokoena',
    email: 'thandi@example.com',
    country: 'ZA',
    notes: 'Vegetarian',
    consentBooking: true,
    consentPrivacy: true,
    // No challenge was fetched and solved: every booking here must be refused, whatever else it holds.
    securityAnswer: random.pick(['7', 'seven', '']),
    challengeToken: random.pick(['forged.token', '', 'a'.repeat(2000)]),
  }
}

function itineraryFields(random: Random) {
  // Half carry junk the form rules refuse (dates, control characters, bidi, zero-width, tag and filler characters); the rest are clean but,
  // like every request here, answer no question that was issued: none may be stored.
  const junk = random.chance(0.5)
    ? random.pick(hostileStrings.filter((value) => /[\u0000-\u001f\ud800-\udfff\u202e\u200b\ufeff\u2028\u3164]|\u{E0049}|\uFE0E/u.test(value)))
    : ''
  const question = {
    securityAnswer: random.pick(['7', 'seven', '']),
    challengeToken: random.pick(['forged.1999999999999.token', '', 'a'.repeat(2000)]),
  }
  return random.chance(0.5)
    ? {source: 'questionnaire', firstName: `Sipho${junk}`, lastName: 'Dlamini', email: 'sipho@example.com', preferredDate: junk ? '9999-12-31' : '', additionalInfo: junk, ...question}
    : {source: 'wizard', name: `Anna${junk}`, email: 'anna@example.com', travelers: '2', startDate: junk ? '9999-12-31' : '', specialRequests: junk, ...question}
}

function newsletterFields(random: Random) {
  return {email: random.pick(['not-an-email', 'a@b', `x${random.pick(hostileStrings)}@example.com`, '']), consent: random.pick([false, 'yes', 1, null])}
}

function eventFields(random: Random) {
  return {event: random.pick(['Page_View', '1abc', 'x'.repeat(100), '__proto__', '']), path: '/'.repeat(400), ts: 'x'.repeat(50)}
}

/** The site's four form endpoints and the challenge, with fuzzed JSON, encodings and sizes. */
function siteFunctionCase(random: Random, t: Targets): HostileCase {
  const endpoint = random.pick([
    ['/api/booking-requests', bookingFields],
    ['/api/itinerary-requests', itineraryFields],
    ['/api/newsletter-signups', newsletterFields],
    ['/api/events', eventFields],
  ] as const)
  const [path, fields] = endpoint
  const origin: [string, string] = ['Origin', t.siteOrigin]
  const variant = random.int(10)
  return {
    category: `site function ${path}`,
    server: 'site',
    mustRefuse: true,
    build() {
      switch (variant) {
        case 0:
          return json('POST', path, t.siteHost, malformedBody(random), [origin])
        case 1:
          return json('POST', path, t.siteHost, oversizedBody(random), [origin])
        case 2: {
          const body = gzipBomb()
          return json('POST', path, t.siteHost, body, [origin, ['Content-Encoding', 'gzip']])
        }
        case 3: {
          const body = Buffer.from(hostileObjectText(random, fields(random)))
          return {
            method: 'POST',
            target: path,
            headers: [['Host', t.siteHost], origin, ['Content-Type', random.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/json; charset=shift_jis'])], ['Content-Length', String(body.length)]],
            body,
          }
        }
        case 4:
          return json('POST', path, t.siteHost, hostileObjectText(random, fields(random)), [['Origin', random.pick(['https://evil.example', 'null', 'http://localhost.evil.example', t.siteOrigin.replace('http', 'https')])]])
        case 5: {
          // DNS rebinding: a page on another domain resolved to this server names itself in Host and Origin.
          const rebound = `rebind.evil.example:${new URL(t.siteOrigin).port}`
          return json('POST', path, rebound, hostileObjectText(random, fields(random)), [['Origin', `http://${rebound}`], ['Sec-Fetch-Site', 'same-origin']])
        }
        default:
          return json('POST', path, t.siteHost, hostileObjectText(random, fields(random)), [origin])
      }
    },
  }
}

function challengeCase(random: Random, t: Targets): HostileCase {
  const query = random.pick(['', '?x=' + '%'.repeat(50), '?a[b][c][d]=1', '?' + 'a=1&'.repeat(2000), '?%zz', '?callback=alert'])
  const method = random.pick(['GET', 'POST', 'PUT', 'DELETE', 'TRACE'])
  return {
    category: 'site GET /api/challenge',
    server: 'site',
    mustRefuse: method !== 'GET',
    build: () => ({method, target: `/api/challenge${query}`, headers: [['Host', t.siteHost], ['Content-Length', '0']]}),
  }
}

/** A real experience and a range the availability endpoint would answer, for cases that break one thing only. */
const GOOD_SLUG = 'cape-point-penguins'
const GOOD_RANGE = 'from=2027-03-01&to=2027-03-31'

/**
 * A date-range query that breaks one rule: missing, malformed or unreal dates, a reversed or overlong
 * range, repeated or array-like parameters, Unicode look-alikes, and oversized values. Every one must be refused.
 */
function badRangeQuery(random: Random): string {
  const date = () => percentEncode(random.pick([...hostileDates.filter((d) => d !== '9999-12-31' && d !== '1900-01-01'), '２０２７-03-01', '2027-03-01\u0000', '\u202e2027-03-01', '2027-3-1', '2027-03-01T00:00:00Z', '1'.repeat(400), '']))
  return random.pick([
    '',
    'from=2027-03-01',
    `to=2027-03-31`,
    `from=${date()}&to=2027-03-31`,
    `from=2027-03-01&to=${date()}`,
    'from=2027-03-31&to=2027-03-01',
    'from=2027-01-01&to=2027-12-31',
    `${GOOD_RANGE}&from=2027-03-02`,
    'from[]=2027-03-01&to[]=2027-03-31',
    `from=2027-03-01&to=2027-03-31&to=${'9'.repeat(2000)}`,
  ])
}

/** `GET /api/availability`: odd parameters, bad dates, unknown or odd slugs, other methods. Nothing may be stored. */
function availabilityCase(random: Random, t: Targets): HostileCase {
  const slug = random.pick([
    GOOD_SLUG,
    GOOD_SLUG,
    'no-such-experience',
    'Cape-Point-Penguins',
    percentEncode(random.pick(hostileStrings).slice(0, 3000)),
    '%F0%9F%90%A7',
    '*',
    '%22%5D%7B...%7D',
    'a'.repeat(101),
    '',
  ])
  const variant = random.int(6)
  // A good slug with a bad range, a bad slug with a good range, or a good request sent with the wrong method.
  const query =
    variant === 0
      ? `experience=${GOOD_SLUG}&${GOOD_RANGE}`
      : slug === GOOD_SLUG
        ? `experience=${GOOD_SLUG}&${badRangeQuery(random)}`
        : `experience=${slug}&${GOOD_RANGE}`
  const method = variant === 0 ? random.pick(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) : random.pick(['GET', 'GET', 'GET', 'HEAD'])
  const extra = random.chance(0.2) ? `&${random.pick(['callback=alert', 'x=' + '%ff%fe'.repeat(100), 'a[b][c]=1', '__proto__[x]=1', '$t=*'])}` : ''
  return {
    category: `site ${method === 'GET' || method === 'HEAD' ? 'GET' : 'other method'} /api/availability`,
    server: 'site',
    mustRefuse: true,
    build() {
      const target = `/api/availability?${query}${extra}`
      if (method === 'GET' || method === 'HEAD') return {...get(target, t.siteHost), method}
      return json(method, target, t.siteHost, hostileObjectText(random, {experience: GOOD_SLUG, from: '2027-03-01', taken: 0}), [['Origin', t.siteOrigin]])
    },
  }
}

/** The staff API without a session, with a forged one, and with a real session and bodies that must be refused. */
function staffCase(random: Random, t: Targets): HostileCase {
  const cookie = random.pick([
    '',
    'staff_session=forged',
    `staff_session=${'a'.repeat(8000)}`,
    'staff_session=eyJhbGciOiJub25lIn0.e30.',
    t.staffCookie,
  ])
  const authed = cookie === t.staffCookie && cookie !== ''
  const id = random.pick(['booking.x', '%2e%2e', '..%2f..%2fetc', '*', 'a'.repeat(3000), '%zz', 'drafts.booking.x', '__proto__'])
  const departures = random.pick(['/api/staff/departures', '/api/staff/departures.csv'])
  const target = random.pick([
    ['GET', `/api/staff/bookings?status=${percentEncode(random.pick(hostileStrings).slice(0, 500))}&q=${'*'.repeat(random.int(2000))}`],
    ['GET', `/api/staff/bookings?limit=${random.pick(['-1', '1e309', '99999999', 'abc'])}&offset=${random.pick(['-5', 'NaN', '1'.repeat(40)])}`],
    ['GET', `/api/staff/bookings?q=${percentEncode('") || true || ("')}&sort=${percentEncode('_id desc) | order(')}`],
    ['GET', `/api/staff/bookings.csv?from=${random.pick(['9999-12-31', 'x', ''])}`],
    ['PATCH', `/api/staff/bookings/${id}/status`],
    ['PATCH', `/api/staff/bookings/${id}/notes`],
    ['GET', '/api/staff/events'],
    // A booking's mail log and Send again, with ids that are no booking's or mail's.
    ['GET', `/api/staff/bookings/${id}/mail`],
    ['POST', `/api/staff/bookings/${id}/mail/${id}/resend`],
    ['DELETE', '/api/staff/bookings'],
    ['POST', '/api/staff/session'],
    // Decisions: ids that are no booking's, and bodies no decision schema accepts.
    ['POST', `/api/staff/bookings/${id}/decision`],
    ['POST', `/api/staff/bookings/${id}/decision/preview`],
    ['GET', `/api/staff/bookings/${id}/proposable-dates`],
    // Sign-in methods: a re-authentication with junk, and changes with junk bodies or keys that are no passkey's.
    ['POST', '/api/staff/reauthenticate'],
    ['POST', '/api/staff/two-step/confirm'],
    ['POST', '/api/staff/passkeys'],
    ['DELETE', `/api/staff/passkeys/${id}`],
    // The departures view and its CSV: a range that is not one, and methods other than GET.
    ['GET', `${departures}?${badRangeQuery(random)}`],
    ['GET', `${departures}?${badRangeQuery(random)}`],
    ['GET', `${departures}?${GOOD_RANGE}`],
    [random.pick(['POST', 'PUT', 'PATCH', 'DELETE']), `${departures}?${GOOD_RANGE}`],
  ] as const)
  const [method, path] = target
  // A real session may list and export, and read the departures of a real range; writes, sign-ins with junk and
  // departures of a range that is not one, and mail logs of ids that are no booking's, must be refused.
  const badDepartures = path.startsWith('/api/staff/departures') && !path.endsWith(`?${GOOD_RANGE}`)
  const mustRefuse =
    !authed || method !== 'GET' || badDepartures || path.endsWith('/mail') || path.endsWith('/proposable-dates')
  return {
    category: `staff ${method} ${path.split('?')[0]?.replace(/bookings\/[^/]+/, 'bookings/:id').replace(/mail\/[^/]+/, 'mail/:mailId')}`,
    server: 'site',
    mustRefuse,
    build() {
      const headers: [string, string][] = [['Origin', random.chance(0.8) ? t.siteOrigin : 'https://evil.example']]
      if (cookie) headers.push(['Cookie', cookie])
      if (method === 'GET' || method === 'DELETE') return {...get(path, t.siteHost, headers), method}
      const body =
        path.endsWith('/session') || path.endsWith('/reauthenticate')
          ? random.pick([hostileObjectText(random, {password: 'wrong-password'}), malformedBody(random), oversizedBody(random)])
          : random.chance(0.3)
            ? malformedBody(random)
            : hostileObjectText(
                random,
                path.endsWith('/status')
                  ? {status: random.pick(['hacked', '', 'CONFIRMED'])}
                  : /\/decision/.test(path)
                    ? {decision: random.pick(['decline', 'propose', 'publish', '']), revision: random.pick(hostileStrings), reason: random.pick(hostileStrings), options: [{date: random.pick(['2027-02-30', '9999-12-31', ''])}]}
                    : {notes: random.pick(hostileStrings)},
              )
      return json(method, path, t.siteHost, body, headers)
    },
  }
}

/**
 * The traveller's request page API: forged and odd tokens on every route, hostile bodies on the answers
 * and on the new-link form. A link that is no valid signature opens nothing, and nothing may be stored.
 */
function travellerRequestCase(random: Random, t: Targets): HostileCase {
  const token = random.pick([
    'x.y.z',
    `${'A'.repeat(200)}.zz.${'B'.repeat(43)}`,
    `${Buffer.from('booking-1').toString('base64url')}.zzzzzz.${'A'.repeat(43)}`,
    '%2F%2Fevil.example',
    '..%2f..%2fetc%2fpasswd',
    percentEncode(random.pick(hostileStrings).slice(0, 300)),
    'a'.repeat(4000),
  ])
  const [method, path] = random.pick([
    ['GET', `/api/requests/${token}`],
    ['POST', `/api/requests/${token}/accept`],
    ['POST', `/api/requests/${token}/withdraw`],
    [random.pick(['PUT', 'DELETE', 'PATCH']), `/api/requests/${token}`],
    ['POST', '/api/requests/link'],
  ] as const)
  return {
    category: `site ${method} ${path.startsWith('/api/requests/link') ? path : '/api/requests/:token'}`,
    server: 'site',
    mustRefuse: true,
    build() {
      const origin: [string, string] = ['Origin', random.chance(0.8) ? t.siteOrigin : 'https://evil.example']
      if (method === 'GET') return get(path, t.siteHost, [origin])
      const body = random.chance(0.3)
        ? random.pick([malformedBody(random), oversizedBody(random)])
        : hostileObjectText(random, path.endsWith('/link')
            ? {reference: random.pick(hostileStrings), email: random.pick(['not-an-email', '', '@example.com'])}
            : {option: random.pick(hostileStrings)})
      return json(method, path, t.siteHost, body, [origin])
    },
  }
}

/**
 * The newsletter's signed links (confirm, one-click unsubscribe): forged, altered and oversized tokens, hostile
 * Unicode, both in the address and the body, as forms, JSON and junk, and wrong methods. Without a link the site
 * signed, nothing is confirmed or unsubscribed, and nothing is stored.
 */
function newsletterLinkCase(random: Random, t: Targets): HostileCase {
  const token = random.pick([
    `${'0'.repeat(40)}.${'A'.repeat(43)}`,
    `${'f'.repeat(40)}.${'B'.repeat(22)}.${'C'.repeat(43)}`,
    'x.y.z',
    '',
    'a'.repeat(4000),
    percentEncode(random.pick(hostileStrings).slice(0, 300)),
    `${'0'.repeat(40)}.${'A'.repeat(42)}\u202E`,
  ])
  const path = random.pick(['/api/newsletter/confirm', '/api/newsletter/unsubscribe'])
  const method = random.chance(0.8) ? 'POST' : random.pick(['PUT', 'DELETE', 'PATCH'])
  return {
    category: `site ${method === 'POST' ? 'POST' : 'other'} ${path}`,
    server: 'site',
    mustRefuse: true,
    build() {
      const origin: [string, string] = ['Origin', random.chance(0.7) ? t.siteOrigin : 'https://evil.example']
      const target = random.chance(0.5) ? `${path}?token=${percentEncode(token)}` : path
      switch (random.int(4)) {
        case 0:
          return json(method, target, t.siteHost, hostileObjectText(random, {token: random.chance(0.5) ? token : random.pick(hostileStrings)}), [origin])
        case 1:
          return json(method, target, t.siteHost, random.pick([malformedBody(random), oversizedBody(random)]), [origin])
        default: {
          const body = Buffer.from(
            random.chance(0.5)
              ? `List-Unsubscribe=One-Click&token=${percentEncode(random.pick([token, ...hostileStrings.slice(0, 20)]))}`
              : `token=${'%'.repeat(random.int(50))}${random.pick(hostileStrings)}`,
          )
          return {
            method,
            target,
            headers: [['Host', t.siteHost], origin, ['Content-Type', random.pick(['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain'])], ['Content-Length', String(body.length)]],
            body,
          }
        }
      }
    },
  }
}

/**
 * Editors' preview: the handshake with forged secrets and odd redirects, and the preview's query, live
 * and end routes with forged session cookies, hostile bodies and wrong methods. Without the studio's secret and an
 * open session nothing opens, nothing is read, and nothing may be stored (not even a used-secret record).
 */
function previewCase(random: Random, t: Targets): HostileCase {
  const oddValue = () =>
    random.pick([
      '',
      'x',
      'a'.repeat(4000),
      '%00',
      '%ff%fe',
      percentEncode(random.pick(hostileStrings).slice(0, 300)),
      'A'.repeat(43),
    ])
  const cookie: [string, string] = ['Cookie', `site_preview=${random.pick([oddValue(), 'A'.repeat(43), 'a%00b'])}`]
  const origin: [string, string] = ['Origin', random.chance(0.8) ? t.siteOrigin : 'https://evil.example']
  const [method, path, mustRefuse] = random.pick([
    [
      'GET',
      `/api/preview/enable?sanity-preview-secret=${oddValue()}&sanity-preview-pathname=${random.pick(['//evil.example/x', '/%2F%2Fevil.example', oddValue()])}&sanity-preview-perspective=${oddValue()}`,
      true,
    ],
    ['GET', '/api/preview/enable', true],
    ['POST', '/api/preview/query', true],
    ['GET', '/api/preview/live', true],
    [random.pick(['PUT', 'DELETE', 'PATCH']), '/api/preview/query', true],
    // Ending a session that does not exist changes nothing and is not an error.
    ['POST', '/api/preview/end', false],
    ['GET', `/api/preview/disable?redirect=${random.pick(['//evil.example/x', 'https://evil.example', oddValue()])}`, false],
  ] as const)
  return {
    category: `site ${method} ${path.split('?')[0]}`,
    server: 'site',
    mustRefuse,
    build() {
      if (method === 'GET') return get(path, t.siteHost, [cookie, origin])
      const body = random.chance(0.3)
        ? random.pick([malformedBody(random), oversizedBody(random)])
        : hostileObjectText(random, {
            query: random.pick(['*', '*[_id in path("**")]', ...hostileStrings]),
            params: {slug: random.pick(hostileStrings)},
          })
      return json(method, path, t.siteHost, body, [cookie, origin])
    },
  }
}

/** Page routes (GET with odd paths and queries, and their POST fallback), over paths fetch would normalise. */
function pageCase(random: Random, t: Targets): HostileCase {
  const path = random.pick([
    '//evil.example/x',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fpackage.json',
    '/%',
    '/%zz',
    '/experiences/%00',
    '/experiences/' + 'a'.repeat(20_000),
    '/\\evil.example',
    '/?' + 'q=%ff%fe&'.repeat(300),
    '/book?date=9999-12-31&experience=%3Cscript%3E',
    '/assets/..%2f..%2fserver.js',
    '/api/../../etc/passwd',
    '/api/unknown',
    '/admin/bookings?x=' + '%u202e'.repeat(100),
    '/sitemap.xml?' + 'a[]=1&'.repeat(500),
    '/robots.txt/..;/x',
  ])
  const method = random.pick(['GET', 'GET', 'HEAD', 'POST', 'TRACE', 'PROPFIND', 'get', 'OPTIONS', 'CONNECT', 'BREW'])
  return {
    category: `site page ${method === 'GET' || method === 'HEAD' ? 'GET' : 'other method'}`,
    server: 'site',
    // A POST to a page is the no-JavaScript fallback of a form: it may redirect (to this site only, checked for
    // every answer) but stores nothing (checked after the run). Odd methods must be refused.
    mustRefuse: !['GET', 'HEAD', 'OPTIONS', 'POST'].includes(method),
    build: () =>
      method === 'POST'
        ? {
            method,
            target: path,
            headers: [['Host', t.siteHost], ['Origin', t.siteOrigin], ['Content-Type', 'application/x-www-form-urlencoded'], ['Content-Length', '40']],
            body: Buffer.from('name=%00%ZZ&email=x&date=9999-12-31&x=1'),
          }
        : {method, target: path, headers: [['Host', t.siteHost]]},
  }
}

const GROQ_BOMBS = [
  'count(*[count(*[count(*[count(*[count(*[0...5])>0])>0])>0]) > 0])',
  'count(*[count(*[count(*[0...100])>0]) > 0])',
  '*[0...100000000]',
  'count(*) + count(*) + count(*) + count(*) + count(*)',
  '*[_type match "' + 'a*'.repeat(500) + '"]',
  '"' + 'x'.repeat(200_000) + '"',
  '*[' + '('.repeat(2000) + 'true' + ')'.repeat(2000) + ']',
  '*{' + '"a":*{'.repeat(6) + '_id' + '}'.repeat(7),
  '*[_id in *[]._id && _id in *[]._id]{..., "r": *[_type == ^._type]}',
  'array::unique(*[]._id) | order(_id desc)[0...1e9]',
  '*[] | order(' + Array.from({length: 200}, (_, index) => `f${index}`).join(',') + ')',
  'math::sum(*[0...100]{"n": count(*[0...1000])}.n)',
  '*[_type == $t]',
  '*[',
  '\u0000',
  '*[_id == "\ud800"]',
]

function groqParams(random: Random) {
  switch (random.int(4)) {
    // Kept under Node's 16 KB request head, so that the query engine, not the HTTP parser, meets them.
    case 0:
      return Array.from({length: 400}, (_, index) => `$p${index}=1`).join('&')
    case 1:
      return `$t=${percentEncode(deepNesting(1000))}`
    case 2:
      return `$t=%ZZ&$=1&$a[b][c][d][e]=1`
    default:
      return '$t=%22post%22'
  }
}

/** `/v1/data/query/<ds>` over GET and POST, anonymous, with a bad token, with bombs and malformed parameters. */
function lakeQueryCase(random: Random, t: Targets): HostileCase {
  const dataset = pickDataset(random)
  const query = random.pick(GROQ_BOMBS)
  // Mostly anonymous: an anonymous query has to be bounded, and one with a bad token never reaches the engine.
  const token: [string, string][] = random.chance(0.7) ? [] : random.pick([[['Authorization', 'Bearer not-a-token']], [['Authorization', `Bearer ${'x'.repeat(9000)}`]], [['Authorization', 'Basic YWRtaW46YWRtaW4=']]])
  // A query too long for a request line goes in a POST body, as @sanity/client sends it.
  const post = query.length > 4000 || random.chance(0.4)
  return {
    category: `lake query ${post ? 'POST' : 'GET'}`,
    server: 'lake',
    mustRefuse: false,
    build() {
      if (post) {
        const body = random.chance(0.2) ? malformedBody(random) : JSON.stringify({query, params: random.chance(0.5) ? {t: deepNesting(2000)} : Object.fromEntries(Array.from({length: 5000}, (_, index) => [`p${index}`, index]))})
        return json('POST', `/v1/data/query/${dataset}`, t.lakeHost, body, token)
      }
      return get(`/v1/data/query/${dataset}?query=${percentEncode(query)}&${groqParams(random)}`, t.lakeHost, token)
    },
  }
}

const MUTATIONS = [
  () => ({mutations: [{create: {_type: 'post', title: 'junk'}}]}),
  () => ({mutations: [{createOrReplace: {_id: 'siteSettings', _type: 'siteSettings', title: '\u202eowned'}}]}),
  () => ({mutations: [{delete: {query: '*'}}]}),
  () => ({mutations: [{patch: {query: '*', set: {title: 'owned'}}}]}),
  () => ({mutations: Array.from({length: 10_000}, (_, index) => ({create: {_id: `junk-${index}`, _type: 'x'}}))}),
  () => ({actions: [{actionType: 'sanity.action.document.delete', publishedId: 'siteSettings', includeDrafts: ['drafts.siteSettings']}]}),
  () => ({actions: [{actionType: 'sanity.action.document.create', publishedId: 'junk', attributes: {_type: 'x', _id: 'drafts.junk'}}]}),
]

/** Writes and private reads on the lake without a token or with a bad one: every one must be refused. */
function lakeWriteCase(random: Random, t: Targets): HostileCase {
  const dataset = pickDataset(random)
  const endpoint = random.pick(['mutate', 'actions', 'doc', 'history', 'listen'])
  const token: [string, string][] = random.pick([[], [['Authorization', 'Bearer forged']], [['Authorization', 'Bearer ']], [['Authorization', 'bearer ' + '\u00ff'.repeat(10)]], [['Cookie', 'sanitySession=forged']]])
  const badBearer = token.some(([name, value]) => name === 'Authorization' && value.trim().length > 'bearer'.length)
  return {
    category: `lake ${endpoint}`,
    server: 'lake',
    // An anonymous read of a public published document or its listen stream may answer; writes and history may
    // not, and neither may anything with a bearer token the lake does not know (a 401 on hosted).
    mustRefuse: endpoint === 'mutate' || endpoint === 'actions' || endpoint === 'history' || badBearer,
    build() {
      switch (endpoint) {
        case 'mutate':
        case 'actions': {
          const body = random.chance(0.3) ? malformedBody(random) : JSON.stringify(random.pick(MUTATIONS)())
          return json('POST', `/v1/data/${endpoint}/${dataset}?returnIds=true&visibility=${random.pick(['sync', 'async', 'x'])}`, t.lakeHost, body, token)
        }
        case 'doc':
          return get(`/v1/data/doc/${dataset}/${random.pick(['booking.x', 'drafts.siteSettings', '%zz', 'a,'.repeat(3000) + 'b', '..%2F..%2Fsecrets.json'])}`, t.lakeHost, token)
        case 'history':
          return get(`/v1/data/history/${dataset}/documents/${random.pick(['siteSettings', '%', 'x'.repeat(5000)])}?time=${random.pick(['9999-12-31T00:00:00Z', 'x', '-1'])}`, t.lakeHost, token)
        default:
          return get(`/v1/data/listen/${dataset}?query=${percentEncode(random.pick(GROQ_BOMBS))}&includeResult=true`, t.lakeHost, token)
      }
    },
  }
}

/** Users, auth, projects and unknown paths of the lake, over raw request lines. */
function lakeProjectCase(random: Random, t: Targets): HostileCase {
  const [method, target, body] = random.pick([
    ['PUT', '/v1/users/me/keyvalue', random.pick(['{not json', deepNesting(50_000), '[{"key":"__proto__","value":{"x":1}}]', '{"a":"\ud800"}'])],
    ['GET', '/v1/users/me/keyvalue/' + random.pick(['%', '%zz', 'a'.repeat(5000)]), undefined],
    ['GET', '/v1/users/me', undefined],
    ['GET', `/v1/auth/login/sanity?origin=${percentEncode(random.pick(['https://evil.example', 'javascript:alert(1)', '//evil.example']))}`, undefined],
    ['GET', `/v1/auth/fetch?sid=${random.pick(['x', '%', '1'.repeat(5000), ''])}`, undefined],
    ['POST', '/v1/auth/logout', ''],
    ['GET', `/v1/projects/${random.pick(['local', '%2e%2e', '%', '*'])}/datasets`, undefined],
    ['PUT', '/v1/projects/local/datasets/junk', '{"aclMode":"public"}'],
    ['DELETE', '/v1/projects/local/datasets/production', undefined],
    ['POST', '/v1/projects/local/cors', '{"origin":"https://evil.example","allowCredentials":true}'],
    ['GET', `/v1/${'%'.repeat(random.int(50))}`, undefined],
    ['GET', `/v1/data/query/production?${'a[b]'.repeat(2000)}=1`, undefined],
    ['GET', '/' + 'x/'.repeat(5000), undefined],
    ['GET', '/v1/%2e%2e/%2e%2e/secrets.json', undefined],
    ['GET', '/vX/ping', undefined],
    ['PROPFIND', '/v1/data/query/production', undefined],
    ['TRACE', '/v1/ping', undefined],
    ['delete', '/v1/data/doc/production/siteSettings', undefined],
  ] as const)
  const token: [string, string][] = random.pick([[], [['Authorization', 'Bearer forged']]])
  return {
    category: `lake ${target.split('?')[0]?.slice(0, 30)}`,
    server: 'lake',
    // Anonymous GETs of /users/me or a sign-in start may answer (hosted does); every other method must be refused.
    mustRefuse: method !== 'GET' && target !== '/v1/auth/logout',
    build: () =>
      body === undefined
        ? {method, target, headers: [['Host', t.lakeHost], ...token]}
        : json(method, target, t.lakeHost, body, token),
  }
}

/** `/images/...` with out-of-range and garbage transformation parameters; uploads without a token. */
function lakeImageCase(random: Random, t: Targets, imagePath: string): HostileCase {
  if (random.chance(0.2)) {
    const dataset = pickDataset(random)
    return {
      category: 'lake asset upload',
      server: 'lake',
      mustRefuse: true,
      build() {
        const body = random.pick([Buffer.from('GIF89a' + 'x'.repeat(1000)), Buffer.from('<svg onload=alert(1)>'), Buffer.alloc(random.pick([10, 3_000_000]), 0xff)])
        return {
          method: 'POST',
          target: `/v1/assets/images/${dataset}?filename=${percentEncode('../../x.png')}`,
          headers: [['Host', t.lakeHost], ['Content-Type', random.pick(['image/png', 'image/svg+xml', 'text/html'])], ['Content-Length', String(body.length)], ...random.pick([[], [['Authorization', 'Bearer forged']]] as [string, string][][])],
          body,
        }
      },
    }
  }
  const value = () => random.pick(['0', '-1', '8192', '100000', '1e309', 'NaN', 'abc', '', '%', '2.5', '0x10'])
  const parameters = [
    `w=${value()}`,
    `h=${value()}`,
    `blur=${random.pick(['2000', '100', '-5', 'x'])}`,
    `dpr=${random.pick(['0', '3', '100', '-1'])}`,
    `q=${random.pick(['0', '101', '-1', 'x'])}`,
    `rect=${random.pick(['0,0,99999,99999', '-1,-1,1,1', 'a,b,c,d', '1,2'])}`,
    `fit=${random.pick(['scale', 'crop', 'max', 'x'])}`,
    `fm=${random.pick(['webp', 'png', 'jpg', 'pdf', 'svg'])}`,
    `sharp=${random.pick(['100', '-1'])}`,
    `pad=${random.pick(['1000', '-1'])}`,
  ]
  const query = parameters.filter(() => random.chance(0.5)).join('&')
  const path = random.chance(0.8) ? imagePath : random.pick(['/images/local/production/%zz', '/images/local/production/..%2f..%2fsecrets.json', `/images/local/production/${'a'.repeat(3000)}-1x1.png`, '/images/%'])
  return {
    category: 'lake image parameters',
    server: 'lake',
    mustRefuse: false,
    build: () => get(`${path}?${query}`, t.lakeHost),
  }
}

/** Malformed HTTP itself: broken framing, huge and duplicated headers, HTTP/1.0, smuggling attempts. */
function framingCase(random: Random, t: Targets, server: Server): HostileCase {
  const host = server === 'site' ? t.siteHost : t.lakeHost
  const path = server === 'site' ? '/api/newsletter-signups' : '/v1/data/mutate/production'
  const variants: (() => Omit<RawRequest, 'port'>)[] = [
    () => ({method: 'POST', target: path, headers: [['Host', host], ['Transfer-Encoding', 'chunked'], ['Content-Type', 'application/json']], rawBytes: Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`)}),
    () => ({method: 'POST', target: path, headers: [], rawBytes: Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\nContent-Length: 50\r\nConnection: close\r\n\r\n{"a":1}`)}),
    () => ({method: 'POST', target: path, headers: [], rawBytes: Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n0\r\n\r\nGET /v1/ping HTTP/1.1\r\nHost: ${host}\r\n\r\n`)}),
    () => ({method: 'GET', target: '/', headers: [], rawBytes: Buffer.from(`GET / HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`)}),
    () => get(server === 'site' ? '/' : '/v1/ping', host, [['X-Big', 'a'.repeat(random.pick([8 * 1024, 20 * 1024, 70 * 1024]))]]),
    () => get(server === 'site' ? '/' : '/v1/ping', host, Array.from({length: 3000}, (_, index) => [`X-H${index}`, 'v'] as [string, string])),
    () => ({...get('/', host), httpVersion: '1.0'}),
    () => ({method: 'GET', target: '/', headers: [], rawBytes: Buffer.from(`GET / HTTP/9.9\r\nHost: ${host}\r\n\r\n`)}),
    () => ({method: 'GET', target: '/', headers: [], rawBytes: Buffer.from(`GET /\u0000 HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)}),
    () => ({method: 'GET', target: '/', headers: [], rawBytes: Buffer.from(`\r\n\r\n\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003`)}),
    () => ({method: 'POST', target: path, headers: [], rawBytes: Buffer.from(`POST ${path} HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nFFFFFFFFFFFFFFFF\r\nx\r\n`)}),
    () => json('POST', path, host, '{}', [['Content-Length', '-1']]),
    () => get('*', host),
    () => get('http://evil.example/', host),
    () => get('/', 'evil.example:80'),
    () => get('/', host, [['Content-Type', 'application/json; charset=utf-7'], ['Accept-Encoding', 'x'.repeat(5000)], ['Range', 'bytes=0-1,' + '1-2,'.repeat(1000) + '3-4']]),
  ]
  const build = random.pick(variants)
  return {category: `${server} HTTP framing`, server, mustRefuse: false, build}
}

/** The whole run: `count` cases in a fixed mix, all from one seed. */
export function generateCases(seed: number, t: Targets, count: number, imagePath: string): HostileCase[] {
  const mix: [number, (random: Random) => HostileCase][] = [
    [26, (random) => siteFunctionCase(random, t)],
    [3, (random) => challengeCase(random, t)],
    [4, (random) => availabilityCase(random, t)],
    [14, (random) => staffCase(random, t)],
    [6, (random) => travellerRequestCase(random, t)],
    [4, (random) => newsletterLinkCase(random, t)],
    [4, (random) => previewCase(random, t)],
    [9, (random) => pageCase(random, t)],
    [14, (random) => lakeQueryCase(random, t)],
    [14, (random) => lakeWriteCase(random, t)],
    [8, (random) => lakeProjectCase(random, t)],
    [8, (random) => lakeImageCase(random, t, imagePath)],
    [4, (random) => framingCase(random, t, random.chance(0.5) ? 'site' : 'lake')],
  ]
  const total = mix.reduce((sum, [weight]) => sum + weight, 0)
  const random = createRandom(seed)
  return Array.from({length: count}, () => {
    // Each case draws from its own generator, so building it later, in whatever order the pool sends, gives the same bytes.
    const own = createRandom(random.int(2 ** 32))
    let roll = own.int(total)
    for (const [weight, make] of mix) {
      if (roll < weight) return make(own)
      roll -= weight
    }
    throw new Error('unreachable')
  })
}
