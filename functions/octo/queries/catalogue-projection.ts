import {bookingRulesProjection} from '@repo/schemas/booking-rules-query.ts'

/** An experience as the OCTO catalogue reads it: its trip details and its stored booking rules. */
export const catalogueProjection = /* groq */ `{_id, title, "slug": slug.current, blurb, description, fromPrice, minimumAge, included, whatToBring, duration, meetingPoint, startTime, departureStartTimes, "imageUrl": image.asset->url, "imageAlt": image.alt, "storedRules": *[_type == "experienceSettings" && experience._ref == ^._id][0]${bookingRulesProjection}}`

/** Published, bookable, opened to resellers: what a reseller may see, before its own list narrows it. */
export const SELLABLE = /* groq */ `_type == "experience" && !(_id in path("drafts.**")) && resellable == true && isBespoke != true && defined(slug.current)`
