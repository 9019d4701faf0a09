import {functionsConfig} from '../lib/env.ts'
import {publicRuntime} from '../runtime.ts'
import type {TravellerRequestDeps} from './request-deps.ts'
import {createTravellerRequestRoutes, requestPageLimiters} from './routes.ts'

let deps: TravellerRequestDeps | undefined

/** `/api/requests/*`, on the site's shared runtime (built on first use: the lake may write its secrets late). */
export const travellerRequestRoutes = createTravellerRequestRoutes(
  () => {
    if (deps) return deps
    const rt = publicRuntime()
    deps = {
      content: rt.content,
      mailContent: rt.mailContent,
      bookings: rt.bookings,
      outbox: rt.outbox,
      secret: rt.env.requestLinkSecret,
      siteUrl: rt.env.siteUrl,
      teamEmail: rt.env.teamEmail,
      now: () => new Date(),
      today: rt.today,
      unconfirmedMail: rt.unconfirmedMail,
    }
    return deps
  },
  {limiters: requestPageLimiters(functionsConfig().requestPageRateLimit)},
)
