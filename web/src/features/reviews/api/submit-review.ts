import {useMutation} from '@tanstack/react-query'

import type {ReviewPayload} from '@repo/schemas/reviews.ts'

import {postJson} from '../../../lib/post-json'
import {reviewApiPath} from './get-review-invitation'

export const SUBMIT_REVIEW_FAILED = 'We could not send your review just now. Please try again.'

export const useSubmitReview = (token: string) =>
  useMutation({
    mutationFn: (review: ReviewPayload) =>
      postJson<{message: string}>(reviewApiPath(token), review, {fallback: SUBMIT_REVIEW_FAILED}),
  })
