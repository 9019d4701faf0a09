import type {IncomingMessage, ServerResponse} from 'node:http'

import {PREVIEW_COOKIE} from '../preview/site-preview.ts'
import {canonicalPath, isPersonalPath, pageCacheKey} from './page-address.ts'
import {pageReply, type PageCache} from './page-cache.ts'

/**
 * The Node host's shortcut for a page the server already keeps: written straight to the socket from the stored
 * buffers, without building a Request and Response for the fetch-style app. It answers only what the app would
 * answer the same way from the same cache (a GET or HEAD of a public page, no preview cookie) and with the same
 * headers (`securityHeaders` are what the app's middleware adds to a page); everything else it leaves to the app.
 */
export function keptPageListener(pageCache: PageCache, securityHeaders: Record<string, string>) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const address = req.url ?? ''
    if (!address.startsWith('/') || address.startsWith('/api/') || address.startsWith('/assets/'))
      return false
    // Parsed as the app parses it; any other spelling than the canonical one is the app's to redirect.
    const url = new URL(address, 'http://site.invalid')
    if (canonicalPath(url.pathname) !== url.pathname || isPersonalPath(url.pathname)) return false
    if (req.headers.cookie?.includes(`${PREVIEW_COOKIE}=`)) return false
    const page = pageCache.get(pageCacheKey(url).key)
    if (!page) return false
    const reply = pageReply(
      page,
      {
        method: req.method,
        acceptEncoding: req.headers['accept-encoding'],
        ifNoneMatch: req.headers['if-none-match'],
      },
      securityHeaders,
    )
    res.writeHead(reply.status, reply.headers)
    res.end(reply.body)
    return true
  }
}
