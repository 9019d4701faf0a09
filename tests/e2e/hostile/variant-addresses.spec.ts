import fs from 'node:fs'
import path from 'node:path'

import {requestLinkToken} from '../../../functions/lib/request-link.ts'
import {varnishInstalled} from '../../../scripts/lib/varnish.ts'
import {sendRaw, type RawResponse} from '../../hostile/raw-http.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'

/**
 * A traveller's request page and the staff dashboard under every other spelling of their address (letter case,
 * escapes, dot segments, doubled and trailing slashes), sent as bytes through the site and through Varnish on the
 * real stack, as the security review did (issue 43): never public, never a hit at the edge, and once the person's
 * request is gone, no spelling shows it (docs/decisions/151-one-reading-of-a-page-address.md).
 */

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
const bookings = () => lakeClient({dataset: 'bookings'})
const EMAIL = `variant.${run}@example.com`

/** The stack sets no REQUEST_LINK_SECRET: the functions derive it from the lake's write token. */
function linkSecret(): string {
  const {writeToken} = JSON.parse(
    fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8'),
  ) as {writeToken: string}
  return `request-link:${writeToken}`
}

function variants(page: string): string[] {
  const [, first, ...rest] = page.split('/')
  const tail = rest.join('/')
  const escaped = `%${first!.charCodeAt(0).toString(16)}${first!.slice(1)}`
  return [
    `/${first!.toUpperCase()}/${tail}`,
    `/${first![0]!.toUpperCase()}${first!.slice(1)}/${tail}`,
    `/${escaped}/${tail}`,
    `/x/../${first}/${tail}`,
    `/%2e/${first}/${tail}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    `${page}/`,
  ]
}

const ports = () =>
  [
    ['site', Number(new URL(env.siteUrl).port)],
    ['edge', Number(new URL(env.edgeUrl).port)],
  ] as const

const get = (port: number, target: string): Promise<RawResponse> =>
  sendRaw({port, method: 'GET', target, headers: [['Host', 'localhost']]}, 15_000)

async function follow(port: number, target: string): Promise<RawResponse[]> {
  const answers = [await get(port, target)]
  while (answers.length < 4 && [301, 302, 307, 308].includes(answers.at(-1)!.status))
    answers.push(await get(port, answers.at(-1)!.headers['location']!))
  return answers
}

let bookingId: string
let page: string

test.beforeAll(async () => {
  if (!varnishInstalled())
    throw new Error('Varnish with xkey is missing: `apt-get install -y varnish varnish-modules`')
  bookingId = `e2e-variant-${run}`
  await bookings().createOrReplace(
    {
      _id: bookingId,
      _type: 'booking',
      booking_ref: `CTE-V${run.toUpperCase()}`,
      status: 'new',
      created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      experience_id: 'sunset-cruise',
      experience_title: 'Sunset Cruise',
      date: '2027-03-01',
      preferred_time: '',
      pax_adults: 2,
      pax_children: 0,
      pax_total: 2,
      name: `Variant Traveller ${run}`,
      email: EMAIL,
      status_history: [
        {
          _key: 'created',
          _type: 'statusChange',
          status: 'new',
          at: new Date().toISOString(),
          by: 'website',
        },
      ],
    },
    {visibility: 'sync'},
  )
  page = `/requests/${requestLinkToken(linkSecret(), bookingId, new Date(Date.now() + 30 * 86_400_000))}`
})

test('a request page and the dashboard are kept by no cache under any spelling', async () => {
  const own = await get(ports()[0][1], page)
  expect(own.status).toBe(200)
  expect(own.body).toContain(`CTE-V${run.toUpperCase()}`)
  for (const address of [page, '/admin/bookings'])
    for (const variant of variants(address))
      for (const [where, port] of ports())
        // Twice: the second is the one a cache would answer.
        for (let round = 0; round < 2; round++)
          for (const answer of await follow(port, variant)) {
            const label = `${where} ${variant} → ${answer.status}`
            expect(answer.headers['x-cache'], label).not.toBe('HIT')
            expect(answer.headers['cache-control'], label).toBe('private, no-store')
            if (answer.status !== 200) expect(answer.body, label).not.toContain(EMAIL)
          }
})

test('once the request is gone, no spelling of its page shows it, through the site or the edge', async () => {
  // Every spelling asked once while the page was there, as a cache would have kept it.
  for (const variant of [page, ...variants(page)])
    for (const [, port] of ports()) await follow(port, variant)
  await bookings().delete(bookingId, {visibility: 'sync'})
  for (const variant of [page, ...variants(page)])
    for (const [where, port] of ports()) {
      const last = (await follow(port, variant)).at(-1)!
      expect([404, 410], `${where} ${variant}`).toContain(last.status)
      expect(last.body).not.toContain(`CTE-V${run.toUpperCase()}`)
    }
})
