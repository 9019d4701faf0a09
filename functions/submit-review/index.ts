import {publicRuntime} from '../runtime.ts'
import type {ReviewRoutesDeps} from './routes.ts'
import {createReviewRoutes} from './routes.ts'

let deps: ReviewRoutesDeps | undefined

/** `/api/reviews/*`, on the site's shared runtime (built on first use: the lake may write its secrets late). */
export const reviewRoutes = createReviewRoutes(() => {
  if (deps) return deps
  const rt = publicRuntime()
  deps = {
    content: rt.content,
    bookings: rt.bookings,
    secret: rt.env.requestLinkSecret,
    siteUrl: rt.env.siteUrl,
    now: () => new Date(),
  }
  return deps
})
