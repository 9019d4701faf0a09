import {
  WAITLIST_LINK_ANSWERS,
  type WaitlistLinkAnswer,
  type WaitlistOfferView,
  type WaitlistTripView,
} from '@repo/schemas/waitlist-links.ts'

import {actOnServer, privateLinkQuery, type LinkRefusal} from '../../../lib/private-link-query'

export const LOAD_WAITLIST_LINK_FAILED = 'We could not open this just now. Please try again.'

export const offerApiPath = (token: string) => `/api/waitlist/offers/${encodeURIComponent(token)}`
export const leaveApiPath = (token: string) => `/api/waitlist/leave/${encodeURIComponent(token)}`

/** Every answer of the links' API that is a page of its own (schemas/src/waitlist-links.ts), kept as it came. */
const refusals = [403, 404, 409, 410, 429, 503] as const

/** The offer page's read (lib/private-link-query.ts): the held places, or why they are not held any more. */
const offerLink = privateLinkQuery<WaitlistOfferView>({
  key: (token) => ['waitlist-offer', token] as const,
  path: offerApiPath,
  failed: LOAD_WAITLIST_LINK_FAILED,
  refusals,
})

/** The leave page's read: the trip whose line the traveller is in. */
const leaveLink = privateLinkQuery<WaitlistTripView>({
  key: (token) => ['waitlist-leave', token] as const,
  path: leaveApiPath,
  failed: LOAD_WAITLIST_LINK_FAILED,
  refusals,
})

export const loadOfferOnServer = offerLink.loadOnServer
export const useWaitlistOffer = offerLink.useLinkQuery
export const loadLeaveOnServer = leaveLink.loadOnServer
export const useWaitlistLeave = leaveLink.useLinkQuery

/** The offer page's button: a booking request, then the request page (the API's redirect). */
export const takeOfferOnServer = (
  act: ((path: string) => Promise<Response>) | undefined,
  token: string,
) => actOnServer<{requestLink: string}>(act, offerApiPath(token), LOAD_WAITLIST_LINK_FAILED)

/** The leave page's button. */
export const leaveOnServer = (
  act: ((path: string) => Promise<Response>) | undefined,
  token: string,
) =>
  actOnServer<{left: true; title: string; text: string}>(
    act,
    leaveApiPath(token),
    LOAD_WAITLIST_LINK_FAILED,
  )

/** The title of a link's refusal, from the answer the API named (schemas/src/waitlist-links.ts). */
export const waitlistAnswerTitle = (refusal: Pick<LinkRefusal, 'reason' | 'status'>) =>
  WAITLIST_LINK_ANSWERS[refusal.reason as WaitlistLinkAnswer]?.title ??
  (refusal.status === 404 ? WAITLIST_LINK_ANSWERS.invalid.title : 'Please try again in a moment')
