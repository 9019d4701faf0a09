import type {IncomingMessage, ServerResponse} from 'node:http'

import {PREVIEW_COOKIE} from '../preview/site-preview.ts'
import {PERSONAL_PAGE} from './cache-policy.ts'
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
    const key = req.url ?? ''
    if (!key.startsWith('/') || key.startsWith('/api/') || key.startsWith('/assets/')) return false
    if (PERSONAL_PAGE.test(key) || req.headers.cookie?.includes(`${PREVIEW_COOKIE}=`)) return false
    const page = pageCache.get(key)
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
