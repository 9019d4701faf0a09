import {defineQuery} from 'groq'

/**
 * Reviews sent in both periods, drafts included (an unpublished review is a draft: waiting, or rejected with a
 * reason): the rating, the experience and the reason only, never the text or the name.
 */
export const reportReviewsQuery = defineQuery(`*[_type == "review" && submittedAt >= $since && submittedAt < $until]{
  _id, "experience": experience._ref, rating, submittedAt, rejectionReason
}`)
