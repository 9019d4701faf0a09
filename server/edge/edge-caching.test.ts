// @vitest-environment node
import {createHash} from 'node:crypto'
import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import {brotliDecompressSync, gunzipSync} from 'node:zlib'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {sanityFetch} from '../../web/src/lib/sanity-fetch'
import {setServerFetcher} from '../../web/src/lib/sanity-fetch'
import {createSiteApp} from '../create-site-app.ts'
import {readServerEnv, type ServerEnv} from '../env.ts'
import type {RenderFn} from '../../web/src/render-contract.ts'
import {createEdgeCaching} from '../start-site.ts'
import type {ContentChange} from './content-events.ts'
import {pageSecurityHeaderValues} from '../security.ts'
import {keptPageListener} from './kept-page-listener.ts'
import {createPurgeLease, PURGE_LEASE_ID} from './purge-lease.ts'
import {varnishTarget} from './purge-targets.ts'
import {createPurger} from './purger.ts'

const SITE = 'http://site.test'
const template =
  '<!doctype html><html><head><style>p{}</style><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--><script type="module">import("/assets/entry.js")</script></body></html>'

/** A page per content type, read through the server's fetcher as the site's pages read: counts its renders. */
const renders: string[] = []
const render: RenderFn = async (request, {fetcher, nonce}) => {
  setServerFetcher(fetcher)
  const path = new URL(request.url).pathname
  renders.push(path)
  const type = path === '/stories' ? 'story' : 'experience'
  const titles = await sanityFetch<string[]>(() => `*[_type == $type] | order(_id) .title`, {type})
  return {
    kind: 'html',
    status: 200,
    head: '<title>t</title>',
    // Content that slipped a script into the page (say through raw HTML), with and without a guessed nonce.
    html: `<main>${titles.map((t) => `<p>${t}</p>`).join('')}<p>${'padding '.repeat(200)}</p><script>window.__INJECTED__=1</script><script nonce="trust-guess">window.__INJECTED__=2</script></main>`,
    state: `<script>window.__STATE__=${JSON.stringify(titles)}</script><script nonce="${nonce}">window.__OK__=1</script>`,
    modules: [],
    shareable: true,
  }
}

let lake: TestLake
let editor: SanityClient
let env: ServerEnv
const changes: ContentChange[] = []
let caching: ReturnType<typeof createEdgeCaching>
let app: ReturnType<typeof createSiteApp>

const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}
const get = async (path: string, headers: Record<string, string> = {}) =>
  app.request(`${SITE}${path}`, {headers})

beforeAll(async () => {
  lake = await startTestLake()
  editor = lake.client({token: lake.secrets.writeToken})
  await editor
    .transaction()
    .create({_id: 'lions-head', _type: 'experience', title: 'Lion’s Head at sunset, R 650'})
    .create({_id: 'jazz', _type: 'story', title: 'The Cape jazz scene'})
    .commit()
  env = {
    ...readServerEnv({}),
    contentCacheMs: 5_000,
    edgePurge: {kind: 'varnish', url: 'http://127.0.0.1:1/', token: 'purge-token'},
    sanity: {
      projectId: editor.config().projectId!,
      dataset: 'production',
      apiHost: lake.url,
      apiVersion: '2025-02-19',
    },
  }
  caching = createEdgeCaching(env, (change) => changes.push(change))
  app = createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher: caching.fetcher,
    edge: caching.edge,
    siteUrl: SITE,
  })
  await until(() => caching.events.connected)
})

afterAll(async () => {
  caching?.close()
  await lake?.stop()
})

describe('public pages a shared cache can keep', () => {
  it('carry a strong ETag, s-maxage with stale-while-revalidate, and the sync tags they were built from', async () => {
    const response = await get('/experiences')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=600, stale-while-revalidate=30',
    )
    const etag = response.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    const keys = response.headers.get('surrogate-key')!.split(' ')
    expect(keys[0]).toBe('pages')
    // Then the page's language (docs/decisions/247-language-addresses.md) and the sync tags it was built from.
    expect(keys[1]).toBe('lang:en')
    expect(keys.slice(2)).toEqual([expect.stringMatching(/^s1:/)])
    expect(response.headers.get('cache-tag')).toBe(keys.join(','))
    // Another content type, another tag.
    const stories = await get('/stories')
    expect(stories.headers.get('surrogate-key')).not.toBe(keys.join(' '))

    const revalidated = await get('/experiences', {'if-none-match': etag})
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    expect(revalidated.headers.get('etag')).toBe(etag)
    // A cache that kept the brotli form revalidates with its validator.
    const br = await get('/experiences', {'accept-encoding': 'br'})
    expect(br.headers.get('etag')).toBe(etag.replace(/"$/, '-br"'))
    expect((await get('/experiences', {'if-none-match': br.headers.get('etag')!})).status).toBe(304)
    expect((await get('/experiences', {'if-none-match': '"something-else"'})).status).toBe(200)
  })

  it('serves a kept page with no rendering and no compressing: the same bytes in each encoding', async () => {
    await get('/stories')
    const before = renders.length
    const [identity, br, gz] = await Promise.all([
      get('/stories').then(async (r) => Buffer.from(await r.arrayBuffer())),
      get('/stories', {'accept-encoding': 'gzip, deflate, br'}).then(async (r) => {
        expect(r.headers.get('content-encoding')).toBe('br')
        return Buffer.from(await r.arrayBuffer())
      }),
      get('/stories', {'accept-encoding': 'gzip'}).then(async (r) => {
        expect(r.headers.get('content-encoding')).toBe('gzip')
        return Buffer.from(await r.arrayBuffer())
      }),
    ])
    expect(renders.length).toBe(before)
    expect(brotliDecompressSync(br).equals(identity)).toBe(true)
    expect(gunzipSync(gz).equals(identity)).toBe(true)
    // The very buffers compressed when the page was rendered, not compressed again.
    const again = Buffer.from(
      await (await get('/stories', {'accept-encoding': 'br'})).arrayBuffer(),
    )
    expect(again.equals(br)).toBe(true)
    expect(identity.toString()).toContain('The Cape jazz scene')
  })

  it('drops exactly the pages whose content was published, within the event’s round trip', async () => {
    await get('/experiences')
    await get('/stories')
    const before = renders.length
    await editor.patch('lions-head').set({title: 'Lion’s Head at sunset, R 700'}).commit()
    await until(async () => (await (await get('/experiences')).text()).includes('R 700'), 3_000)
    expect(renders.slice(before)).toEqual(['/experiences'])
    // The stories page read nothing that changed: still the kept copy.
    await get('/stories')
    expect(renders.slice(before)).toEqual(['/experiences'])
    expect(changes.at(-1)).toMatchObject({
      kind: 'changed',
      tags: expect.arrayContaining([expect.stringMatching(/^s1:/)]),
    })
  })

  it('never keeps a draft, and tells of no change for one', async () => {
    const seen = changes.length
    await editor.createOrReplace({
      _id: 'drafts.lions-head',
      _type: 'experience',
      title: 'Lion’s Head DRAFT',
    })
    await new Promise((r) => setTimeout(r, 300))
    expect(changes.length).toBe(seen)
    expect(await (await get('/experiences')).text()).not.toContain('DRAFT')
  })

  it('keeps no personal page anywhere: request links, the dashboard, the booking form and its result', async () => {
    for (const path of [
      '/requests/some-secret-token',
      '/admin/bookings',
      '/book/lions-head',
      '/thank-you',
    ]) {
      const before = renders.length
      const response = await get(path)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
      expect(response.headers.get('etag'), path).toBeNull()
      expect(response.headers.get('surrogate-key'), path).toBeNull()
      await get(path)
      expect(renders.length - before, path).toBe(2)
    }
  })

  it('keeps no page that read anything through the API, nor one whose route does not say it is public', async () => {
    const {Hono} = await import('hono')
    const asked: string[] = []
    const api = new Hono().get('*', (c) => {
      asked.push(c.req.path)
      return c.json({name: 'Thandi'})
    })
    const failClosed = createSiteApp({
      // A public address whose render reads a private link (as the booking page reads places from the bookings
      // dataset), and one whose route gives no word on sharing.
      getRender: async () => async (request, options) => {
        const path = new URL(request.url).pathname
        if (path === '/reads-the-api') await options.readPrivateLink?.('/api/anything')
        return {
          kind: 'html',
          status: 200,
          head: '',
          html: '<p>page</p>',
          state: '',
          modules: [],
          ...(path === '/unsaid' ? {} : {shareable: true}),
        }
      },
      getTemplate: async () => template,
      fetcher: caching.fetcher,
      edge: caching.edge,
      siteUrl: SITE,
      apiRoutes: api,
    })
    for (const path of ['/reads-the-api', '/unsaid']) {
      const response = await failClosed.request(`${SITE}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
      expect(response.headers.get('surrogate-key'), path).toBeNull()
      expect(caching.edge.pageCache.get(path), path).toBeUndefined()
    }
    expect(asked).toEqual(['/anything'])
  })

  it('lists only the server’s own inline scripts in the policy, never content’s', async () => {
    const response = await get('/experiences')
    const policy = response.headers.get('content-security-policy')!
    const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!.split(' ')
    const html = await response.text()
    const hashOf = (code: string) =>
      `'sha256-${createHash('sha256').update(code).digest('base64')}'`
    expect(scriptSrc.sort()).toEqual(
      [
        "'self'",
        hashOf('import("/assets/entry.js")'),
        hashOf('window.__STATE__=' + JSON.stringify(['Lion’s Head at sunset, R 700'])),
        hashOf('window.__OK__=1'),
      ].sort(),
    )
    expect(html).toContain('<script>window.__INJECTED__=1</script>')
    // A guessed nonce is left as it came: it names no nonce the policy allows.
    expect(html).toContain('<script nonce="trust-guess">window.__INJECTED__=2</script>')
  })
})

describe('the Node host’s shortcut for kept pages', () => {
  it('answers exactly as the app does: same status, headers and bytes, 304s included', async () => {
    const {getRequestListener} = await import('@hono/node-server')
    const kept = keptPageListener(
      caching.edge.pageCache,
      await pageSecurityHeaderValues({lakeOrigin: new URL(SITE).origin, frameAncestors: []}),
    )
    let shortcut = 0
    const appListener = getRequestListener(app.fetch)
    const server = createServer((req, res) => {
      if (kept(req, res)) shortcut++
      else void appListener(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const comparable = (response: Response) => {
        const headers = Object.fromEntries(response.headers)
        for (const name of ['date', 'connection', 'keep-alive', 'transfer-encoding'])
          delete headers[name]
        return headers
      }
      // Named every time: fetch would otherwise ask for gzip on its own.
      for (const headers of [
        {'accept-encoding': 'identity'},
        {'accept-encoding': 'br'},
        {'accept-encoding': 'gzip'},
      ]) {
        await get('/experiences', headers)
        const viaApp = await get('/experiences', headers)
        const before = shortcut
        const viaShortcut = await fetch(`${origin}/experiences`, {headers})
        expect(shortcut).toBe(before + 1)
        expect(viaShortcut.status).toBe(viaApp.status)
        expect(comparable(viaShortcut)).toEqual(comparable(viaApp))
        if (headers['accept-encoding'] === 'identity')
          expect(await viaShortcut.text()).toBe(await viaApp.text())
        const notModified = await fetch(`${origin}/experiences`, {
          headers: {...headers, 'if-none-match': viaApp.headers.get('etag')!},
        })
        expect(notModified.status).toBe(304)
      }
      // Personal pages and previews are never answered from it.
      for (const [path, headers] of [
        ['/thank-you', {}],
        ['/experiences', {cookie: 'site_preview=x'}],
      ] as const) {
        const before = shortcut
        await fetch(`${origin}${path}`, {headers})
        expect(shortcut, path).toBe(before)
      }
    } finally {
      server.close()
    }
  })
})

describe('purging the shared cache on publish', () => {
  let varnish: Server
  let purges: {holder: string; keys: string}[]
  let url: string
  beforeAll(async () => {
    purges = []
    varnish = createServer((req, res) => {
      purges.push({
        holder: String(req.headers['x-test-holder'] ?? ''),
        keys: String(req.headers['xkey-purge']),
      })
      res.end('purged')
    })
    await new Promise<void>((resolve) => varnish.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(varnish.address() as AddressInfo).port}/`
  })
  afterAll(() => varnish?.close())

  it('purges each publish’s tags from exactly one of several servers, and everything when one takes over', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const servers = ['a', 'b', 'c'].map((holder) => {
      const target = varnishTarget(url, 'purge-token', (input, init) =>
        fetch(input, {
          ...init,
          headers: {...(init?.headers as Record<string, string>), 'x-test-holder': holder},
        }),
      )
      const lease = createPurgeLease(bookings, {holder})
      const purger = createPurger({target, lease, settleMs: 50})
      const caching = createEdgeCaching(env, purger.onContentChange)
      return {holder, lease, purger, caching}
    })
    try {
      for (const server of servers) await server.purger.start()
      await until(() => servers.every((s) => s.caching.events.connected))
      const holders = servers.filter((s) => s.lease.held)
      expect(holders).toHaveLength(1)
      const leader = holders[0]!
      // Whoever took the lease first knew nothing of earlier publishes: it purged every page, twice.
      await until(() => purges.length >= 2)
      expect(purges).toEqual([
        {holder: leader.holder, keys: 'pages'},
        {holder: leader.holder, keys: 'pages'},
      ])
      purges.length = 0

      await editor.patch('jazz').set({title: 'The Cape jazz scene, revisited'}).commit()
      await until(() => purges.length >= 2)
      await new Promise((r) => setTimeout(r, 200))
      expect(purges.map((p) => p.holder)).toEqual([leader.holder, leader.holder])
      expect(purges[0]!.keys).toMatch(/^s1:\S+( s1:\S+)*$/)
      purges.length = 0

      // The holder stops: its lease is released, the next renewal elsewhere takes over and purges everything.
      await leader.purger.stop()
      const rest = servers.filter((s) => s !== leader)
      await Promise.all(rest.map((s) => s.lease.renew()))
      expect(rest.filter((s) => s.lease.held)).toHaveLength(1)
      const lease = await bookings.getDocument(PURGE_LEASE_ID)
      expect(lease?.holder).toBe(rest.find((s) => s.lease.held)!.holder)
    } finally {
      for (const server of servers) {
        await server.purger.stop()
        server.caching.close()
      }
    }
  })
})
