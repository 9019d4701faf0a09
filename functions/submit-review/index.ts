import type {PublicRuntime} from '../runtime.ts'
import {createReviewRoutes, type ReviewRoutesDeps} from './routes.ts'

/** `/api/reviews/*`, on the site's shared runtime. */
export function reviewRoutes(rt: PublicRuntime) {
  const deps: ReviewRoutesDeps = {
    content: rt.content,
    bookings: rt.bookings,
    secret: rt.env.requestLinkSecret,
    siteUrl: rt.env.siteUrl,
    now: () => new Date(),
  }
  return createReviewRoutes(() => deps)
}
