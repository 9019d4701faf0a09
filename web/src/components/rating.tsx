import {MAX_RATING, ratingInWords} from '@repo/schemas/review-ratings.ts'

/** Five stars, filled to the rounded rating; the words say it for screen readers. */
export function Stars({rating, label}: {rating: number; label: string}) {
  const filled = Math.round(rating)
  return (
    <span className="stars" role="img" aria-label={label}>
      <span aria-hidden="true">
        {'★'.repeat(filled)}
        <span className="stars__empty">{'☆'.repeat(MAX_RATING - filled)}</span>
      </span>
    </span>
  )
}

/** "★ 4.7 · 12 reviews" on a card; nothing while an experience has no published review. */
export function RatingBadge({summary}: {summary: {average: number | null; count: number} | null}) {
  if (!summary?.count || summary.average == null) return null
  const average = Math.round(summary.average * 10) / 10
  return (
    <p className="rating-badge">
      <Stars rating={average} label={ratingInWords({average, count: summary.count})} />{' '}
      <span aria-hidden="true">
        {average.toFixed(1)} · {summary.count} {summary.count === 1 ? 'review' : 'reviews'}
      </span>
    </p>
  )
}
