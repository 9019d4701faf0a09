import {Hono} from 'hono'

import type {PublicRuntime} from '../runtime.ts'
import {createOctoRoutes} from './octo-routes.ts'

/** The OCTO supplier API, mounted at `/octo` by the site server (server/main.ts), on this server's runtime. */
export const createOctoRoutesOf = (rt: PublicRuntime) =>
  new Hono().route(
    '/',
    createOctoRoutes(() => ({
      content: rt.content,
      bookings: rt.bookings,
      limiter: rt.octoLimiter,
      siteUrl: rt.env.siteUrl,
      mail: {
        content: rt.mailContent,
        links: rt.links,
        queued: () =>
          void rt.outbox.flush().catch((error: unknown) => console.error('[outbox]', error)),
      },
    })),
  )
