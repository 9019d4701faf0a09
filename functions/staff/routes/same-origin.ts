import type {MiddlewareHandler} from 'hono'

import {isFromOwnSite, type OwnOrigins} from '../../lib/own-origins.ts'
import {refuse} from '../send-result.ts'

/**
 * Every state-changing request, sign-in included, must come from the site's own origin: only the dashboard's own
 * pages change anything here, and a browser always names their origin (a cross-site form or fetch cannot forge one).
 */
export const sameOrigin =
  (ownOrigins: OwnOrigins): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const headers = {origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site')}
    if (!isFromOwnSite(headers, ownOrigins, {requireOrigin: true})) {
      return refuse(c, 403, 'Cross-origin request refused')
    }
    return next()
  }
