import type {PublicRuntime} from '../runtime.ts'
import type {TravellerRequestDeps} from './request-deps.ts'
import {createTravellerRequestRoutes, requestPageLimiters} from './routes.ts'

/** `/api/requests/*`, on the site's shared runtime. */
export function travellerRequestRoutes(rt: PublicRuntime) {
  const deps: TravellerRequestDeps = {
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
  return createTravellerRequestRoutes(() => deps, {
    limiters: requestPageLimiters(rt.env.requestPageRateLimit),
  })
}
