import {defineQuery} from 'groq'

/**
 * One page of an experience's published reviews, newest first, and how many there are. Anonymous reads see
 * published documents only: a review waiting for an editor, or rejected, is a draft and never reaches the site.
 */
export const experienceReviewsQuery = defineQuery(`{
  "total": count(*[_type == "review" && experience._ref == $experienceId && !defined(rejectionReason)]),
  "average": math::avg(*[_type == "review" && experience._ref == $experienceId && !defined(rejectionReason)].rating),
  "reviews": *[_type == "review" && experience._ref == $experienceId && !defined(rejectionReason)]
    | order(submittedAt desc, _id asc)[$from...$to]{_id, rating, text, displayName, submittedAt, reply}
}`)
