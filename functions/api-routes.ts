import {Hono} from 'hono'
import {bodyLimit} from 'hono/body-limit'

import {createBookingRequestRoute} from './create-booking-request/index.ts'
import {createItineraryRequestRoute} from './create-itinerary-request/index.ts'
import {createNewsletterSignupRoute} from './create-newsletter-signup/index.ts'
import {getChallengeRoute} from './get-challenge/index.ts'
import {recordEventRoute} from './record-event/index.ts'
import {staffRoutes} from './staff/staff-routes.ts'

/**
 * The largest body any function takes (a booking request); each handler also checks its own, smaller limit.
 * Enforced while reading, whatever Content-Length claims, before a handler buffers anything.
 */
export const MAX_API_BODY_BYTES = 16 * 1024

/** Every function the site serves under `/api`, mounted by `web/server/main.ts`. */
export const apiRoutes = new Hono()
apiRoutes.use(
  '*',
  bodyLimit({
    maxSize: MAX_API_BODY_BYTES,
    onError: (c) => c.json({message: 'The request is too large.', fieldErrors: {}}, 413, {'Cache-Control': 'no-store'}),
  }),
)
apiRoutes.route('/staff', staffRoutes)
apiRoutes.get('/challenge', getChallengeRoute)
apiRoutes.post('/booking-requests', createBookingRequestRoute)
apiRoutes.post('/itinerary-requests', createItineraryRequestRoute)
apiRoutes.post('/newsletter-signups', createNewsletterSignupRoute)
apiRoutes.post('/events', recordEventRoute)
