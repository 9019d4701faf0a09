import type {SanityClient} from '@sanity/client'
import {urlSearchParamPreviewSecret, validatePreviewUrl} from '@sanity/preview-url-secret'
import {Hono, type Context} from 'hono'
import {deleteCookie, getCookie, setCookie} from 'hono/cookie'

import type {GroqFetcher} from '../../web/src/lib/sanity-fetch'
import {samePagePath} from '../security.ts'
import type {LiveSubscribe} from './live-relay.ts'
import {createPreviewApi} from './preview-api.ts'
import {
  PREVIEW_SESSION_MS,
  type PreviewSession,
  type PreviewSessionStore,
} from './preview-sessions.ts'

export const PREVIEW_COOKIE = 'site_preview'

/**
 * The cookie lives in the studio's frame, a cross-site context (the studio is on another scheme and port), so it
 * must be `SameSite=None; Secure`; `Partitioned` keeps it to the studio's frame (CHIPS), so the same site opened
 * on its own is never in preview. Chromium treats http://localhost as secure and keeps Secure cookies there.
 */
const cookieOptions = {
  path: '/',
  httpOnly: true,
  secure: true,
  sameSite: 'None',
  partitioned: true,
} as const

export type SitePreviewOptions = {
  sessions: PreviewSessionStore
  /** Holds a read token: `validatePreviewUrl` reads the studio's secret documents (drafts, so private). */
  secretsClient: SanityClient
  /** Reads with the token and the drafts perspective, with no cache shared with the public fetcher. */
  draftFetcher: GroqFetcher
  /** The browser's reads: drafts with stega-encoded display text, for click-to-edit. */
  queryFetcher: GroqFetcher
  liveEvents: LiveSubscribe
  /** The studio origins allowed to frame the site (FRAME_ANCESTORS); a secret from another studio is refused. */
  studioOrigins: string[]
  siteUrl: string
}

export type SitePreview = {
  /** `GET /api/preview/enable` and `/disable`: pages shown in the studio's frame, mounted with their own headers. */
  handshake: Hono
  /** The session a request's cookie names, if it is open. */
  sessionFor: (c: Context) => Promise<PreviewSession | undefined>
  draftFetcher: GroqFetcher
  /** `POST /api/preview/query` and `GET /api/preview/live`, given the site's own queries. */
  api: (getAllowedQueries: () => Promise<ReadonlySet<string>>) => Hono
}

const PAGE_STYLE =
  'body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}'

function handshakePage(
  c: Context,
  frameAncestors: string[],
  status: 401 | 503,
  title: string,
  message: string,
) {
  const framing = frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'"
  return c.html(
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${title}</title><style>${PAGE_STYLE}</style></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the published site</a></p></main></body></html>`,
    status,
    handshakeHeaders(frameAncestors, framing),
  )
}

function handshakeHeaders(
  frameAncestors: string[],
  framing = frameAncestors.join(' ') || "'none'",
) {
  return {
    'Cache-Control': 'no-store',
    // The address holds the studio's secret: no Referer may carry it on.
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors ${framing}`,
  }
}

/**
 * Preview mode through Sanity's own handshake (https://www.sanity.io/docs/visual-editing/preview-url-secret):
 * the Presentation tool writes a short-lived secret document and opens `/api/preview/enable?sanity-preview-secret=…`
 * in its frame; `validatePreviewUrl` checks it against the Content Lake with a server-side token. Hosted Sanity
 * lets a secret be used for an hour; here each is also claimed once (a replayed address is refused), and the
 * session it opens is a document in the lake that closing deletes, so a copied cookie stops working.
 */
export function createSitePreview(options: SitePreviewOptions): SitePreview {
  const {sessions, secretsClient, draftFetcher, queryFetcher, liveEvents, studioOrigins, siteUrl} =
    options
  const siteOrigin = new URL(siteUrl).origin
  const handshake = new Hono()

  handshake.get('/enable', async (c) => {
    let validated: Awaited<ReturnType<typeof validatePreviewUrl>>
    try {
      validated = await validatePreviewUrl(secretsClient, c.req.url)
    } catch (error) {
      console.error(error)
      return handshakePage(
        c,
        studioOrigins,
        503,
        'Preview is unavailable',
        'The preview could not be checked just now. Please reload the preview from the studio.',
      )
    }
    const secret = new URL(c.req.url).searchParams.get(urlSearchParamPreviewSecret) ?? ''
    const fromKnownStudio =
      validated.studioOrigin !== undefined &&
      (studioOrigins.length === 0 || studioOrigins.includes(validated.studioOrigin))
    if (!validated.isValid || !fromKnownStudio || !(await sessions.claimSecret(secret))) {
      return handshakePage(
        c,
        studioOrigins,
        401,
        'Preview not allowed',
        'This preview link is not valid: it has expired, was already used, or did not come from the studio. Open the page again from the studio’s Presentation tool.',
      )
    }
    const token = await sessions.open(validated.studioOrigin ?? '')
    setCookie(c, PREVIEW_COOKIE, token, {...cookieOptions, maxAge: PREVIEW_SESSION_MS / 1000})
    // Only a path on this site: `redirectTo` comes from the address, which anyone can write.
    // samePagePath keeps the path and query only, so `//evil.example/x` becomes `/x` on this site.
    const target = samePagePath(new URL(validated.redirectTo ?? '/', siteOrigin).toString())
    return c.body(null, 303, {...handshakeHeaders(studioOrigins), Location: target})
  })

  const endSession = async (c: Context) => {
    const token = getCookie(c, PREVIEW_COOKIE)
    if (token) await sessions.close(token)
    deleteCookie(c, PREVIEW_COOKIE, cookieOptions)
  }

  handshake.get('/disable', async (c) => {
    await endSession(c)
    const back = c.req.query('redirect') ?? '/'
    const target = samePagePath(new URL(back, siteOrigin).toString())
    return c.body(null, 303, {...handshakeHeaders(studioOrigins), Location: target})
  })

  const sessionFor = async (c: Context) => {
    const token = getCookie(c, PREVIEW_COOKIE)
    return token ? sessions.find(token) : undefined
  }
  return {
    handshake,
    draftFetcher,
    sessionFor,
    api: (getAllowedQueries) =>
      createPreviewApi({sessionFor, endSession, queryFetcher, liveEvents, getAllowedQueries}),
  }
}
