import {aboutPage} from './singletons/aboutPage'
import {blockContent} from './objects/blockContent'
import {booking} from './documents/booking'
import {departure} from './documents/departure'
import {experience} from './documents/experience'
import {experienceSettings} from './documents/experienceSettings'
import {departureStartTime} from './objects/departureStartTime'
import {faq} from './objects/faq'
import {homePage} from './singletons/homePage'
import {itinerary} from './singletons/itinerary'
import {itineraryDay} from './objects/itineraryDay'
import {itineraryRequest} from './documents/itineraryRequest'
import {mailTemplate} from './documents/mailTemplate'
import {newsletterSignup} from './documents/newsletterSignup'
import {outboxMail} from './documents/outboxMail'
import {pageCopy} from './singletons/pageCopy'
import {privacyNotice} from './singletons/privacyNotice'
import {consentRecord} from './objects/consentRecord'
import {consentVersion} from './documents/consentVersion'
import {securityIncident} from './documents/securityIncident'
import {meetingPoint} from './objects/meetingPoint'
import {pageHero} from './objects/pageHero'
import {pullQuote} from './objects/pullQuote'
import {review} from './documents/review'
import {siteSettings} from './singletons/siteSettings'
import {socialLink} from './objects/socialLink'
import {statusChange} from './objects/statusChange'
import {step} from './objects/step'
import {story} from './documents/story'
import {storyCallToAction} from './objects/storyCallToAction'
import {testimonial} from './documents/testimonial'
import {teamDigest} from './documents/teamDigest'
import {usedSecurityQuestion} from './documents/usedSecurityQuestion'
import {bookingReview} from './documents/bookingReview'
import {octoBooking} from './documents/octoBooking'
import {reseller} from './documents/reseller'
import {waitlistEntry} from './documents/waitlistEntry'
import {staffMember} from './documents/staffMember'
import {staffSession} from './documents/staffSession'
import {staffToken} from './documents/staffToken'
import {staffActivity} from './documents/staffActivity'
import {privacyRequest} from './documents/privacyRequest'
import {privacyReport} from './documents/privacyReport'
import {resource} from './documents/resource'
import {resourceDeparture} from './documents/resourceDeparture'

/** The public `production` dataset: everything editors change. */
export const contentSchemaTypes = [
  // Documents
  experience,
  experienceSettings,
  story,
  testimonial,
  review,
  mailTemplate,
  resource,
  // Singletons
  itinerary,
  siteSettings,
  homePage,
  aboutPage,
  pageCopy,
  privacyNotice,
  // Objects
  blockContent,
  pullQuote,
  faq,
  itineraryDay,
  storyCallToAction,
  socialLink,
  step,
  pageHero,
  meetingPoint,
  departureStartTime,
]

/**
 * The private `bookings` dataset: requests from travellers, handled by staff in the dashboard. No studio workspace
 * shows them; the typegen extracts this schema for the types the functions and the dashboard use.
 */
export const bookingsSchemaTypes = [
  // Documents
  booking,
  itineraryRequest,
  newsletterSignup,
  departure,
  usedSecurityQuestion,
  outboxMail,
  teamDigest,
  consentVersion,
  securityIncident,
  waitlistEntry,
  reseller,
  octoBooking,
  bookingReview,
  staffMember,
  staffSession,
  staffToken,
  staffActivity,
  privacyRequest,
  privacyReport,
  resourceDeparture,
  // Objects
  statusChange,
  consentRecord,
]

/**
 * Singletons: one fixed `_id` each, never created, duplicated or deleted from the studio. Mail templates too: one
 * per kind (`mailTemplate-<kind>`), each opened from the structure.
 */
export const singletonTypes = new Set([
  'mailTemplate',
  'itinerary',
  'siteSettings',
  'homePage',
  'aboutPage',
  'pageCopy',
  'privacyNotice',
])
