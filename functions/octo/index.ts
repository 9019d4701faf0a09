import {Hono} from 'hono'

import {publicRuntime} from '../runtime.ts'
import {createOctoRoutes} from './octo-routes.ts'

/** The OCTO supplier API, mounted at `/octo` by the site server (server/main.ts), on this server's runtime. */
export const octoRoutes = new Hono().route(
  '/',
  createOctoRoutes(() => {
    const rt = publicRuntime()
    return {
      content: rt.content,
      bookings: rt.bookings,
      limiter: rt.octoLimiter,
      siteUrl: rt.env.siteUrl,
    }
  }),
)
