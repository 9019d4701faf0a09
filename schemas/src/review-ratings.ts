/**
 * Ratings as the site shows them: the scale, the average of the published ones and its words. Apart from reviews.ts
 * (the form's zod schema), so the pages that only show ratings load no validation library.
 */
/** Stars, whole ones. */
export const MIN_RATING = 1
export const MAX_RATING = 5

/** The average as the site shows it: one decimal ("4.7"), from published ratings only. */
export function ratingSummary(ratings: readonly number[]): {average: number; count: number} | null {
  const valid = ratings.filter((r) => Number.isInteger(r) && r >= MIN_RATING && r <= MAX_RATING)
  if (!valid.length) return null
  const average = Math.round((valid.reduce((sum, r) => sum + r, 0) / valid.length) * 10) / 10
  return {average, count: valid.length}
}

/** "4.7 out of 5 from 12 reviews". */
export function ratingInWords(summary: {average: number; count: number}): string {
  return `${summary.average.toFixed(1)} out of ${MAX_RATING} from ${summary.count} ${summary.count === 1 ? 'review' : 'reviews'}`
}

/** Published reviews per page on an experience page. */
export const REVIEWS_PER_PAGE = 5
