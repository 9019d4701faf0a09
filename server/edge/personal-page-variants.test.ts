// @vitest-environment node
import fs from 'node:fs'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type {ChildProcess} from 'node:child_process'

import {getRequestListener} from '@hono/node-server'
import {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {freePort} from '../../functions/lib/testing/free-port.ts'
import {sendRaw, type RawResponse} from '../../tests/hostile/raw-http.ts'
import {render} from '../../web/src/entry-server'
import {fixtureFetcher} from '../../web/src/test/render-app'
import {createSiteApp} from '../create-site-app.ts'
import {keptPagesOf} from '../start-site.ts'
import {pageSecurityHeaderValues} from '../security.ts'
import {problem} from '../../functions/lib/http.ts'
import {keptPageListener} from './kept-page-listener.ts'
import {createPageCache} from './page-cache.ts'
import {startVarnish, varnishInstalled} from './varnish.ts'

/**
 * Every personal page, under every other spelling of its address, through the site and through Varnish with the
 * project's VCL, as the security review sent them (issue 43): never `public`, never a Varnish hit, never in the
 * origin cache; and once the person is erased, every spelling answers 404 or 410 at once.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'
const PERSON = 'thandi.variant@example.com'

/** What the API answers each private link: the person's data, until they are erased. */
let erased = false
const personal = {
  // The request page's view.
  reference: 'CTX-VAR001',
  experience: 'Sunset Cruise',
  date: '2026-11-28',
  time: 'morning',
  group: '2 adults',
  status: 'confirmed',
  statusTitle: 'Confirmed',
  start: '',
  meetingPoint: null,
  calendar: null,
  history: [],
  proposal: null,
  cancellation: null,
  // The privacy copy's sections.
  requests: [{email: PERSON}],
  signups: [],
  mails: [],
  events: [],
  email: PERSON,
  name: PERSON,
}
const api = new Hono().get('*', (c) =>
  erased
    ? problem(410, 'This link no longer opens anything.')
    : c.json(personal),
)

const TOKEN = 'v1.AbCdEf0123.sig-Xy_9'
const PURGE_TOKEN = 'edge-purge-token-for-the-variants-test'
/** Each personal page the review named, at its own address. */
const PAGES = [
  `/requests/${TOKEN}`,
  `/reviews/${TOKEN}`,
  `/waitlist/offers/${TOKEN}`,
  `/waitlist/leave/${TOKEN}`,
  `/privacy/requests/confirm/${TOKEN}`,
  `/privacy/requests/download/${TOKEN}`,
  '/admin/bookings',
]

/** The spellings the review tried: letter case, escapes, dot segments, doubled and trailing slashes. */
function variants(page: string): string[] {
  const [, first, ...rest] = page.split('/')
  const tail = rest.join('/')
  const escaped = [...first!]
    .map((ch, i) => (i === 0 ? `%${ch.charCodeAt(0).toString(16)}` : ch))
    .join('')
  return [
    `/${first!.toUpperCase()}/${tail}`,
    `/${first![0]!.toUpperCase()}${first!.slice(1)}/${tail}`,
    `/${escaped}/${tail}`,
    `/${escaped.toUpperCase()}/${tail}`,
    `/x/../${first}/${tail}`,
    `/./${first}/${tail}`,
    `/%2e/${first}/${tail}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    `${page}/`,
    `${page}//`,
  ]
}

let site: Server
let sitePort: number
let varnish: ChildProcess
let edgePort: number
let workDir: string
const pageCache = createPageCache()

const get = (port: number, target: string): Promise<RawResponse> =>
  sendRaw({port, method: 'GET', target, headers: [['Host', 'localhost']]}, 15_000)

/** Follows the site's redirects (at most three), as a browser would. */
async function follow(port: number, target: string): Promise<RawResponse[]> {
  const answers = [await get(port, target)]
  while (answers.length < 4 && [301, 302, 303, 307, 308].includes(answers.at(-1)!.status))
    answers.push(await get(port, answers.at(-1)!.headers['location']!))
  return answers
}

beforeAll(async () => {
  if (!varnishInstalled())
    throw new Error('Varnish with xkey is needed: apt-get install -y varnish varnish-modules')
  const app = createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher: fixtureFetcher,
    siteUrl: 'http://localhost',
    apiRoutes: api,
    edge: {pageCache, purgeConfigured: true, pageLifetimeMs: () => 600_000},
    onError: () => {},
  })
  const kept = keptPageListener(
    pageCache,
    await pageSecurityHeaderValues({lakeOrigin: 'http://localhost', frameAncestors: []}),
  )
  const listener = getRequestListener(app.fetch)
  site = createServer((req, res) => {
    if (!kept(req, res)) void listener(req, res)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  sitePort = (site.address() as AddressInfo).port
  edgePort = await freePort()
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'variants-varnish-'))
  varnish = startVarnish(ROOT, {
    port: edgePort,
    sitePort,
    workDir,
    memory: '32m',
    purgeToken: PURGE_TOKEN,
  })
  varnish.stdout?.resume()
  varnish.stderr?.resume()
  // Varnish is up once it answers anything.
  for (;;) {
    const up = await get(edgePort, '/robots.txt').then(
      () => true,
      () => false,
    )
    if (up) break
    if (varnish.exitCode !== null) throw new Error('varnishd stopped')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}, 60_000)

afterAll(async () => {
  varnish?.kill('SIGTERM')
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()))
  if (workDir) fs.rmSync(workDir, {recursive: true, force: true})
})

describe('personal pages under every spelling of their address', () => {
  it('render for the person at their own address, kept by no cache', async () => {
    for (const page of PAGES) {
      const answer = await get(sitePort, page)
      expect(answer.status, page).toBe(200)
      expect(answer.headers['cache-control'], page).toBe('private, no-store')
    }
    expect((await get(sitePort, `/requests/${TOKEN}`)).body).toContain('CTX-VAR001')
  })

  it('are never public, never a hit at the edge, and never in the origin cache', async () => {
    for (const page of PAGES)
      for (const variant of variants(page)) {
        for (const [where, port] of [
          ['site', sitePort],
          ['edge', edgePort],
        ] as const)
          // Twice: a second request is the one a cache would answer.
          for (let round = 0; round < 2; round++) {
            const answers = await follow(port, variant)
            for (const answer of answers) {
              const label = `${where} ${variant} → ${answer.status}`
              expect(answer.headers['x-cache'], label).not.toBe('HIT')
              expect(answer.headers['cache-control'], label).toBe('private, no-store')
              expect(answer.headers['surrogate-key'], label).toBeUndefined()
            }
            // Under another spelling the page is a redirect to its own address, or no page at all; dot segments
            // are resolved as the address is parsed, so the site reads those as the page's own address.
            const dots = /\/(\.|%2e){1,2}\//i.test(variant)
            expect(dots ? [200, 308, 404] : [308, 404], `${where} ${variant}`).toContain(
              answers[0]!.status,
            )
          }
      }
    expect(pageCache.keys()).toEqual([])
  })

  it('answer 404 or 410 under every spelling as soon as the person is erased', async () => {
    erased = true
    try {
      for (const page of PAGES.filter((p) => !p.startsWith('/admin')))
        for (const variant of [page, ...variants(page)])
          for (const port of [sitePort, edgePort]) {
            const last = (await follow(port, variant)).at(-1)!
            expect([404, 410], `${port === edgePort ? 'edge' : 'site'} ${variant}`).toContain(
              last.status,
            )
            expect(last.body, variant).not.toContain(PERSON)
          }
    } finally {
      erased = false
    }
  })
})

describe('purging the edge', () => {
  const purge = (headers: [string, string][]) =>
    sendRaw(
      {port: edgePort, method: 'PURGE', target: '/', headers: [['Host', 'localhost'], ...headers]},
      15_000,
    )

  it('needs the purge token as well as an allowed address', async () => {
    expect((await purge([['xkey-purge', 'pages']])).status).toBe(403)
    expect(
      (
        await purge([
          ['xkey-purge', 'pages'],
          ['x-purge-token', 'guessed'],
        ])
      ).status,
    ).toBe(403)
    const done = await purge([
      ['xkey-purge', 'pages'],
      ['x-purge-token', PURGE_TOKEN],
    ])
    expect(done.status).toBe(200)
  })

  it('for an erased person: the site server purges the tags of their requests, with the token', async () => {
    const errors: unknown[] = []
    const kept = keptPagesOf(
      pageCache,
      {kind: 'varnish', url: `http://127.0.0.1:${edgePort}/`, token: PURGE_TOKEN},
      (error) => errors.push(error),
    )
    await kept.forget([PERSON], ['booking:erase-1'])
    expect(errors).toEqual([])
    // A wrong token is refused by Varnish, and the erasure is told nothing worse than a log line.
    await keptPagesOf(
      pageCache,
      {kind: 'varnish', url: `http://127.0.0.1:${edgePort}/`, token: 'guessed'},
      (error) => errors.push(error),
    ).forget([PERSON], ['booking:erase-1'])
    expect(String(errors[0])).toMatch(/Varnish refused the purge: 403/)
  })
})
