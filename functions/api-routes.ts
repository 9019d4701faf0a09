import {Hono} from 'hono'

import {createBookingRequestRoute} from './create-booking-request/index.ts'
import {createItineraryRequestRoute} from './create-itinerary-request/index.ts'
import {getAvailabilityRoute} from './get-availability/index.ts'
import {createNewsletterSignupRoute} from './create-newsletter-signup/index.ts'
import {getChallengeRoute} from './get-challenge/index.ts'
import {privacyRequestRoutes} from './privacy-requests/index.ts'
import {getPrivacyNoticeRoute} from './get-privacy-notice/index.ts'
import {recordEventRoute} from './record-event/index.ts'
import {
  confirmNewsletterSignupRoute,
  unsubscribeNewsletterRoute,
} from './newsletter-subscription/index.ts'
import {staffRoutes} from './staff/staff-routes.ts'
import {reviewRoutes} from './submit-review/index.ts'
import {travellerRequestRoutes} from './traveller-request/index.ts'
import {joinWaitlistRoute, waitlistLinks} from './waitlist/index.ts'

/** Every function the site serves under `/api`, mounted by `server/main.ts`. */
export const apiRoutes = new Hono()
apiRoutes.route('/staff', staffRoutes)
apiRoutes.route('/requests', travellerRequestRoutes)
apiRoutes.route('/privacy-requests', privacyRequestRoutes)
apiRoutes.route('/reviews', reviewRoutes)
apiRoutes.get('/challenge', getChallengeRoute)
// Every method reaches the handler, which answers anything but GET and HEAD with 405 and an Allow header.
apiRoutes.all('/availability', getAvailabilityRoute)
apiRoutes.post('/booking-requests', createBookingRequestRoute)
apiRoutes.post('/itinerary-requests', createItineraryRequestRoute)
apiRoutes.post('/newsletter-signups', createNewsletterSignupRoute)
apiRoutes.post('/events', recordEventRoute)
apiRoutes.all('/waitlist', joinWaitlistRoute)
apiRoutes.route('/waitlist', waitlistLinks)

// Every method reaches these handlers, which answer the wrong ones with 405 and an Allow header.
apiRoutes.all('/newsletter/confirm', confirmNewsletterSignupRoute)
apiRoutes.all('/newsletter/unsubscribe', unsubscribeNewsletterRoute)
apiRoutes.all('/privacy-notice', getPrivacyNoticeRoute)
