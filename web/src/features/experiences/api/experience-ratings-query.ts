import {defineQuery} from 'groq'

/**
 * Every published review's experience and rating, in one read, summed up per experience for the cards
 * (docs/decisions/090-reviews-as-drafts.md). One scan of the reviews rather than a subquery per card: on the
 * local lake the per-card subqueries made the listing's query about fifty times slower. Anonymous reads see
 * published documents only, so drafts and rejected reviews (which stay drafts) never count; the reason is
 * checked as well, a second guard.
 */
export const experienceRatingsQuery = defineQuery(
  `*[_type == "review" && defined(experience._ref) && !defined(rejectionReason)]{"experience": experience._ref, rating}`,
)
