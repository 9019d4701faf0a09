/**
 * The GROQ queries of the pages' reads, written beside each feature's read (`features/<feature>/api/*-query.ts`)
 * and loaded by `sanityFetch`, with the Sanity client, at the browser's first read of its own: a page hydrates
 * from the server's reads, so no query text is part of a page's first JavaScript, and later pages find theirs
 * loaded. Not here: the booking dialog's read of an experience's settings, never part of a first load, whose
 * query comes with its own code (features/booking/api/get-experience-settings.ts). The preview's endpoint allows
 * these and that one, and nothing else (preview/preview-queries.ts).
 */
export {allBookingRulesQuery} from '../features/experiences/api/all-booking-rules-query'
export {experienceBySlugQuery} from '../features/experiences/api/experience-query'
export {experienceRatingsQuery} from '../features/experiences/api/experience-ratings-query'
export {experiencesQuery} from '../features/experiences/api/experiences-query'
export {homeQuery} from '../features/home/api/home-query'
export {sampleItineraryQuery} from '../features/itinerary/api/sample-itinerary-query'
export {aboutPageQuery} from '../features/pages/api/about-page-query'
export {pageCopyQuery} from '../features/pages/api/page-copy-query'
export {privacyNoticeQuery} from '../features/pages/api/privacy-notice-query'
export {experienceReviewsQuery} from '../features/reviews/api/experience-reviews-query'
export {siteSettingsQuery} from '../features/site/api/site-settings-query'
export {storiesQuery} from '../features/stories/api/stories-query'
export {storyBySlugQuery} from '../features/stories/api/story-query'
