import type {ReviewInvitation} from '@repo/schemas/reviews.ts'

import {privateLinkQuery} from '../../../lib/private-link-query'

export const LOAD_INVITATION_FAILED =
  'We could not open the review form just now. Please try again.'

export const reviewApiPath = (token: string) => `/api/reviews/${encodeURIComponent(token)}`

/** The review form's read (lib/private-link-query.ts); a link forged or expired (404), or a trip that cannot be
 * reviewed (409), is refused, and a client over its limit (429) is told to wait. */
const invitationLink = privateLinkQuery<ReviewInvitation>({
  key: (token) => ['review-invitation', token] as const,
  path: reviewApiPath,
  failed: LOAD_INVITATION_FAILED,
  refusals: [404, 409, 429],
})

export const invitationQueryOptions = invitationLink.options
export const loadInvitationOnServer = invitationLink.loadOnServer
export const useReviewInvitation = invitationLink.useLinkQuery
