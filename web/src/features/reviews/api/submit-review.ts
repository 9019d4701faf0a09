import type {ReviewPayload} from '@repo/schemas/reviews.ts'

import {postJson} from '../../../lib/post-json'
import {reviewApiPath} from './get-review-invitation'

export const SUBMIT_REVIEW_FAILED = 'We could not send your review just now. Please try again.'

/** Sends a review for the invitation's token; the form hook (lib/forms/use-submit-form.ts) runs it as a mutation. */
export const submitReview = (token: string, review: ReviewPayload) =>
  postJson<{message: string}>(reviewApiPath(token), review, {fallback: SUBMIT_REVIEW_FAILED})
