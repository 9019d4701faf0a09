import {Hono} from 'hono'

import {createBookingRequestRoute} from './create-booking-request/index.ts'
import {createItineraryRequestRoute} from './create-itinerary-request/index.ts'
import {getAvailabilityRoute} from './get-availability/index.ts'
import {createNewsletterSignupRoute} from './create-newsletter-signup/index.ts'
import {getChallengeRoute} from './get-challenge/index.ts'
import {privacyRequestRoutes} from './privacy-requests/index.ts'
import {getPrivacyNoticeRoute} from './get-privacy-notice/index.ts'
import {recordEventRoute} from './record-event/index.ts'
import type {PublicRuntime} from './runtime.ts'
import {
  confirmNewsletterSignupRoute,
  unsubscribeNewsletterRoute,
} from './newsletter-subscription/index.ts'
import {staffRoutes} from './staff/staff-routes.ts'
import {reviewRoutes} from './submit-review/index.ts'
import {travellerRequestRoutes} from './traveller-request/index.ts'
import {joinWaitlistRoute, waitlistLinks} from './waitlist/index.ts'

/**
 * Every function the site serves under `/api`, on the runtime the site server built at start (server/main.ts): no
 * handler reaches for the runtime itself.
 */
export function createApiRoutes(rt: PublicRuntime): Hono {
  const apiRoutes = new Hono()
  apiRoutes.route('/staff', staffRoutes(rt))
  apiRoutes.route('/requests', travellerRequestRoutes(rt))
  apiRoutes.route('/privacy-requests', privacyRequestRoutes(rt))
  apiRoutes.route('/reviews', reviewRoutes(rt))
  apiRoutes.get('/challenge', getChallengeRoute(rt))
  // Every method reaches the handler, which answers anything but GET and HEAD with 405 and an Allow header.
  apiRoutes.all('/availability', getAvailabilityRoute(rt))
  apiRoutes.post('/booking-requests', createBookingRequestRoute(rt))
  apiRoutes.post('/itinerary-requests', createItineraryRequestRoute(rt))
  apiRoutes.post('/newsletter-signups', createNewsletterSignupRoute(rt))
  apiRoutes.post('/events', recordEventRoute(rt))
  apiRoutes.all('/waitlist', joinWaitlistRoute(rt))
  apiRoutes.route('/waitlist', waitlistLinks(rt))

  // Every method reaches these handlers, which answer the wrong ones with 405 and an Allow header.
  apiRoutes.all('/newsletter/confirm', confirmNewsletterSignupRoute(rt))
  apiRoutes.all('/newsletter/unsubscribe', unsubscribeNewsletterRoute(rt))
  apiRoutes.all('/privacy-notice', getPrivacyNoticeRoute(rt))
  return apiRoutes
}
