// @vitest-environment node
import {createClient, type SanityClient} from '@sanity/client'
import {createPreviewSecret} from '@sanity/preview-url-secret/create-secret'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {advanceLakeClockForTests, resetLakeClockForTests} from '../../lake/src/clock.ts'
import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {sanityFetch} from '../../web/src/lib/sanity-fetch'
import {createContentFetcher} from '../content-fetcher.ts'
import {createSiteApp} from '../create-site-app.ts'
import type {RenderFn} from '../../web/src/render-contract.ts'
import {experienceSettingsQuery} from '../../web/src/features/booking/api/experience-settings-query'
import {experienceBySlugQuery} from '../../web/src/features/experiences/api/experience-query'
import {loadPreviewQueries} from '../../web/src/preview/preview-queries'
import {createDraftFetcher} from './draft-fetcher.ts'
import {createLiveRelay} from './live-relay.ts'
import {createPreviewSessionStore} from './preview-sessions.ts'
import {publicPageCacheControl} from '../edge/cache-policy.ts'
import {createSitePreview, PREVIEW_COOKIE} from './site-preview.ts'
import {createStegaFetcher} from './stega-fetcher.ts'

// The handshake against a real lake: the secret the studio's Presentation tool writes (createPreviewSecret is the
// function the tool calls), checked by `validatePreviewUrl` with the server's read token.
const SITE = 'http://localhost:3900'
const STUDIO = 'https://localhost:3934'
const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'
const titleQuery = '*[_id == "exp-preview"][0].title'

/** A page that shows the title its request's fetcher reads, after a pause so that renders interleave. */
const render: RenderFn = async (request, {fetcher}) => {
  const {setServerFetcher} = await import('../../web/src/lib/sanity-fetch')
  setServerFetcher(fetcher)
  if (new URL(request.url).pathname === '/old')
    return {kind: 'redirect', status: 301, location: '/new'}
  const delay = Number(new URL(request.url).searchParams.get('delay') ?? 0)
  await new Promise((resolve) => setTimeout(resolve, delay))
  const title = await sanityFetch<string>(() => titleQuery)
  return {
    kind: 'html',
    status: 200,
    head: '',
    html: `<h1>${title}</h1>`,
    state: '',
    modules: [],
    shareable: true,
  }
}

let lake: TestLake
let editor: SanityClient
let app: ReturnType<typeof createSiteApp>
let clock = Date.now()

beforeAll(async () => {
  lake = await startTestLake()
  editor = lake.client({token: lake.secrets.editorToken})
  const experience = {_type: 'experience', slug: {_type: 'slug', current: 'walk'}, fromPrice: 450}
  await editor.create({...experience, _id: 'exp-preview', title: 'Published title'})
  await editor.create({
    ...experience,
    _id: 'drafts.exp-preview',
    title: 'Draft title',
    fromPrice: 520,
  })
  const sanity = {
    projectId: 'local',
    dataset: 'production',
    apiHost: lake.url,
    apiVersion: '2025-02-19',
  }
  const base = {...sanity, useCdn: false, useProjectHostname: false} as const
  const preview = createSitePreview({
    sessions: createPreviewSessionStore(
      createClient({
        ...base,
        dataset: 'bookings',
        token: lake.secrets.writeToken,
        perspective: 'raw',
      }),
      () => clock,
    ),
    secretsClient: createClient({...base, token: lake.secrets.readToken, perspective: 'raw'}),
    draftFetcher: createDraftFetcher(createClient({...base, token: lake.secrets.readToken})),
    queryFetcher: createStegaFetcher(
      createClient({...base, token: lake.secrets.readToken}),
      `${STUDIO}/studio`,
    ),
    liveEvents: createLiveRelay(createClient({...base, token: lake.secrets.readToken})),
    studioOrigins: [STUDIO],
    siteUrl: SITE,
  })
  app = createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher: createContentFetcher({sanity, contentCacheMs: 2_000}),
    siteUrl: SITE,
    frameAncestors: [STUDIO],
    preview,
    getPreviewQueries: loadPreviewQueries,
  })
})
afterAll(() => lake.stop())

/** A secret as the Presentation tool creates it, and the address it opens in its frame. */
async function studioSecret(pathname = '/experiences/walk') {
  const {secret} = await createPreviewSecret(
    editor,
    'presentation',
    `${STUDIO}/studio/content`,
    'local-editor',
  )
  const url = new URL('/api/preview/enable', SITE)
  url.searchParams.set('sanity-preview-secret', secret)
  url.searchParams.set('sanity-preview-pathname', pathname)
  return url.toString()
}

const get = (url: string, cookie?: string) =>
  app.request(url, cookie ? {headers: {cookie: `${PREVIEW_COOKIE}=${cookie}`}} : {})

function sessionCookie(response: Response): string {
  const header = response.headers.get('set-cookie') ?? ''
  return /site_preview=([^;]+)/.exec(header)?.[1] ?? ''
}

describe('entering preview', () => {
  it('opens a session only with the studio’s secret, once, and goes to the path on this site', async () => {
    const address = await studioSecret('//evil.example/experiences/walk')
    const entered = await get(address)
    expect(entered.status).toBe(303)
    expect(entered.headers.get('location')).toBe('/experiences/walk')
    const cookie = entered.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/Secure/i)
    expect(cookie).toMatch(/SameSite=None/i)
    expect(cookie).toMatch(/Partitioned/i)
    expect(entered.headers.get('cache-control')).toBe('no-store')
    expect(entered.headers.get('referrer-policy')).toBe('no-referrer')

    // The same address again (a replay from history, a log, a shared link): refused.
    const replayed = await get(address)
    expect(replayed.status).toBe(401)
    expect(replayed.headers.get('set-cookie')).toBeNull()
    expect(await replayed.text()).toContain('Preview not allowed')
  })

  it('refuses forged, missing and tampered secrets with a page the studio’s frame can show', async () => {
    const real = new URL(await studioSecret())
    const forged = new URL(real)
    forged.searchParams.set('sanity-preview-secret', 'a'.repeat(16))
    const tampered = new URL(real)
    tampered.searchParams.set(
      'sanity-preview-secret',
      real.searchParams.get('sanity-preview-secret')!.slice(0, -1) + 'x',
    )
    const missing = new URL('/api/preview/enable?sanity-preview-pathname=/', SITE)
    for (const url of [forged, tampered, missing]) {
      const response = await get(url.toString())
      expect(response.status).toBe(401)
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${STUDIO}`)
    }
    // The real one still works: a failed guess does not burn it.
    expect((await get(real.toString())).status).toBe(303)
  })

  it('refuses a secret past its hour (the studio’s own time to live)', async () => {
    const address = await studioSecret()
    advanceLakeClockForTests(61 * 60 * 1000)
    try {
      const response = await get(address)
      expect(response.status).toBe(401)
      expect(response.headers.get('set-cookie')).toBeNull()
    } finally {
      resetLakeClockForTests()
    }
  })

  it('refuses a secret written by a studio on another origin', async () => {
    const {secret} = await createPreviewSecret(
      editor,
      'presentation',
      'https://other-studio.example/studio',
      'x',
    )
    const response = await get(`${SITE}/api/preview/enable?sanity-preview-secret=${secret}`)
    expect(response.status).toBe(401)
  })
})

describe('a page in preview', () => {
  it('shows drafts, marked, uncacheable; without the cookie the same page is published', async () => {
    const cookie = sessionCookie(await get(await studioSecret()))
    const previewed = await get(`${SITE}/experiences/walk`, cookie)
    const html = await previewed.text()
    expect(html).toContain('<h1>Draft title</h1>')
    expect(html).toMatch(/role="status" aria-label="Preview"/)
    expect(html).toContain('href="/api/preview/disable?redirect=%2Fexperiences%2Fwalk"')
    expect(html).toContain(`window.__PREVIEW__={"studioOrigin":"${STUDIO}"}`)
    expect(previewed.headers.get('cache-control')).toBe('private, no-store')
    expect(previewed.headers.get('vary')).toMatch(/Cookie/)
    // The studio's overlay adds styles at run time: the editor's own page, never cached, carries a nonce for them.
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1]
    expect(previewed.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)

    const visitor = await get(`${SITE}/experiences/walk`)
    const visitorHtml = await visitor.text()
    expect(visitorHtml).toContain('<h1>Published title</h1>')
    expect(visitorHtml).not.toContain('Draft title')
    expect(visitorHtml).not.toContain('__PREVIEW__')
    expect(visitor.headers.get('cache-control')).toBe(publicPageCacheControl(false))
    expect(visitorHtml).not.toMatch(/nonce/)
    expect(visitor.headers.get('content-security-policy')).not.toMatch(/nonce/)
  })

  it('redirects in preview as for visitors, uncacheable', async () => {
    const cookie = sessionCookie(await get(await studioSecret()))
    const previewed = await get(`${SITE}/old`, cookie)
    expect(previewed.status).toBe(301)
    expect(previewed.headers.get('location')).toBe('/new')
    expect(previewed.headers.get('cache-control')).toBe('private, no-store')
    const visitor = await get(`${SITE}/old`)
    expect(visitor.status).toBe(301)
    expect(visitor.headers.get('cache-control')).toBeNull()
  })

  it('never lends a preview render’s drafts to a visitor’s page rendered at the same time', async () => {
    const cookie = sessionCookie(await get(await studioSecret()))
    const pages = await Promise.all(
      Array.from({length: 10}, (_, i) =>
        i % 2 === 0 ? get(`${SITE}/?delay=${10 - i}`, cookie) : get(`${SITE}/?delay=${10 - i}`),
      ).map(async (response) => (await response).text()),
    )
    pages.forEach((page, i) =>
      expect(page).toContain(i % 2 === 0 ? 'Draft title' : 'Published title'),
    )
    // And the public cache holds no draft: a visitor right after a preview render still gets published.
    expect(await (await get(`${SITE}/`)).text()).toContain('Published title')
  })

  it('treats a made-up, closed or expired session as a visitor', async () => {
    expect(await (await get(`${SITE}/`, 'x'.repeat(43))).text()).toContain('Published title')

    const cookie = sessionCookie(await get(await studioSecret()))
    const closed = await get(`${SITE}/api/preview/disable?redirect=/stories`, cookie)
    expect(closed.status).toBe(303)
    expect(closed.headers.get('location')).toBe('/stories')
    expect(closed.headers.get('set-cookie')).toMatch(/site_preview=;.*Max-Age=0/i)
    // The cookie copied before closing, sent from another browser: published only.
    const copied = await get(`${SITE}/`, cookie)
    expect(await copied.text()).toContain('Published title')
    expect(copied.headers.get('cache-control')).toBe(publicPageCacheControl(false))

    const later = sessionCookie(await get(await studioSecret()))
    expect(await (await get(`${SITE}/`, later)).text()).toContain('Draft title')
    clock += 2 * 60 * 60 * 1000
    expect(await (await get(`${SITE}/`, later)).text()).toContain('Published title')
    clock = Date.now()
  })

  it('ends the session with the page’s beacon when the studio closes the frame', async () => {
    const cookie = sessionCookie(await get(await studioSecret()))
    const ended = await app.request(`${SITE}/api/preview/end`, {
      method: 'POST',
      headers: {
        'cookie': `${PREVIEW_COOKIE}=${cookie}`,
        'origin': SITE,
        'sec-fetch-site': 'same-origin',
      },
    })
    expect(ended.status).toBe(204)
    expect(ended.headers.get('set-cookie')).toMatch(/site_preview=;.*Max-Age=0/i)
    expect(await (await get(`${SITE}/`, cookie)).text()).toContain('Published title')
    // Another site cannot end it for the editor.
    const later = sessionCookie(await get(await studioSecret()))
    const forged = await app.request(`${SITE}/api/preview/end`, {
      method: 'POST',
      headers: {
        'cookie': `${PREVIEW_COOKIE}=${later}`,
        'origin': 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    })
    expect(forged.status).toBe(403)
    expect(await (await get(`${SITE}/`, later)).text()).toContain('Draft title')
  })

  it('goes home when the exit link names another site', async () => {
    const response = await get(`${SITE}/api/preview/disable?redirect=//evil.example/x`)
    expect(response.headers.get('location')).toBe('/x')
    const absolute = await get(`${SITE}/api/preview/disable?redirect=https://evil.example/x`)
    expect(absolute.headers.get('location')).not.toMatch(/evil/)
  })
})

const STEGA =
  /[\u200B-\u200D\u2060-\u2064\uFEFF]|\u{1D173}|\u{1D174}|\u{1D175}|\u{1D176}|\u{1D177}|\u{1D178}|\u{1D179}|\u{1D17A}/u

const postQuery = (body: unknown, cookie?: string) =>
  app.request(`${SITE}/api/preview/query`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      'origin': SITE,
      'sec-fetch-site': 'same-origin',
      ...(cookie ? {cookie: `${PREVIEW_COOKIE}=${cookie}`} : {}),
    },
  })

describe('the preview browser’s reads', () => {
  it('runs the site’s own queries over drafts, with stega in display text only', async () => {
    // The booking dialog's query is not among the site's lazily loaded queries but is one the site reads.
    expect(await loadPreviewQueries()).toEqual(
      expect.arrayContaining([experienceBySlugQuery, experienceSettingsQuery]),
    )
    const cookie = sessionCookie(await get(await studioSecret()))
    const response = await postQuery({query: experienceBySlugQuery, params: {slug: 'walk'}}, cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const {result} = (await response.json()) as {
      result: {title: string; slug: string; fromPrice: number}
    }
    expect(result.title).toMatch(/^Draft title/)
    expect(result.title).toMatch(STEGA)
    // What code compares or links with stays as stored.
    expect(result.slug).toBe('walk')
    expect(result.fromPrice).toBe(520)
  })

  it('refuses without a session, and refuses queries the site does not make', async () => {
    expect((await postQuery({query: experienceBySlugQuery, params: {slug: 'walk'}})).status).toBe(
      401,
    )
    const cookie = sessionCookie(await get(await studioSecret()))
    for (const query of ['*[_type == "previewSession"]', '*', `${experienceBySlugQuery} `]) {
      const response = await postQuery({query, params: {}}, cookie)
      expect(response.status).toBe(403)
    }
    expect((await postQuery({query: experienceBySlugQuery, params: 'x'}, cookie)).status).toBe(400)
  })

  it('streams a change the studio saves to a draft, only to an open session', async () => {
    expect((await get(`${SITE}/api/preview/live`)).status).toBe(401)
    const cookie = sessionCookie(await get(await studioSecret()))
    const controller = new AbortController()
    const response = await app.request(`${SITE}/api/preview/live`, {
      headers: {cookie: `${PREVIEW_COOKIE}=${cookie}`},
      signal: controller.signal,
    })
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/)
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let text = ''
    while (!text.includes('event: welcome')) text += (await reader.read()).value ?? ''
    await editor.patch('drafts.exp-preview').set({title: 'Draft title, typed on'}).commit()
    while (!text.includes('event: change')) text += (await reader.read()).value ?? ''
    controller.abort()
    await reader.cancel().catch(() => undefined)
  })
})

describe('the lake’s preview records', () => {
  it('drops expired sessions and old secret records when a session opens', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const sessions = createPreviewSessionStore(bookings, () => clock)
    const old = await sessions.open(STUDIO)
    expect(await sessions.claimSecret('an-old-secret')).toBe(true)
    clock += 3 * 60 * 60 * 1000
    await sessions.open(STUDIO)
    expect(await sessions.find(old)).toBeUndefined()
    const left = await bookings.fetch<string[]>(
      '*[_type in ["previewSession", "previewSecretUse"] && (expiresAt <= $now || usedAt <= $before)]._id',
      {now: clock, before: clock - 2 * 60 * 60 * 1000},
    )
    expect(left).toEqual([])
    clock = Date.now()
  })
})
