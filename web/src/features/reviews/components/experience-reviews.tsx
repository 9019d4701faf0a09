import {Link} from 'react-router-dom'

import {formatLongDate} from '@repo/schemas/format-date.ts'
import {MAX_RATING, REVIEWS_PER_PAGE, type ratingSummary} from '@repo/schemas/review-ratings.ts'
import type {ExperienceReviewsQueryResult} from '@repo/schemas/sanity.types'

import {Stars} from '../../../components/rating'

type Summary = NonNullable<ReturnType<typeof ratingSummary>>

/**
 * The experience's published reviews, newest first, a page at a time (`?reviews=2`: plain links, so each page is
 * its own cacheable address and works without scripts). Testimonials are separate and stay as they are.
 */
export function ExperienceReviews({
  summary,
  page,
  data,
  companyName,
}: {
  summary: Summary | null
  page: number
  data: ExperienceReviewsQueryResult
  companyName: string
}) {
  const pages = Math.max(1, Math.ceil(data.total / REVIEWS_PER_PAGE))
  return (
    <section aria-labelledby="reviews-heading" className="detail-section reviews" id="reviews">
      <h2 id="reviews-heading">Reviews</h2>
      {summary ? (
        <p className="reviews__summary">
          <Stars
            rating={summary.average}
            label={`Rated ${summary.average.toFixed(1)} out of ${MAX_RATING}`}
          />{' '}
          <strong>{summary.average.toFixed(1)}</strong> out of {MAX_RATING} from {summary.count}{' '}
          {summary.count === 1 ? 'review' : 'reviews'}
        </p>
      ) : (
        <p className="muted">
          No reviews yet. Travellers are asked for one the day after their trip.
        </p>
      )}
      {data.reviews.length ? (
        <ol className="reviews__list">
          {data.reviews.map((review) => (
            <li key={review._id} className="review">
              <p className="review__head">
                <Stars
                  rating={review.rating ?? 0}
                  label={`${review.rating ?? 0} out of ${MAX_RATING} stars`}
                />{' '}
                <strong>{review.displayName}</strong>
                {review.submittedAt ? (
                  <>
                    {' · '}
                    <time dateTime={review.submittedAt}>{formatLongDate(review.submittedAt)}</time>
                  </>
                ) : null}
              </p>
              <p className="review__text">{review.text}</p>
              {review.reply?.trim() ? (
                <div className="review__reply">
                  <p className="review__reply-title">Reply from {companyName}</p>
                  <p>{review.reply}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {pages > 1 ? (
        <nav className="reviews__pages" aria-label="Review pages">
          {page > 1 ? (
            <Link to={page === 2 ? '?#reviews' : `?reviews=${page - 1}#reviews`} rel="prev">
              Newer reviews
            </Link>
          ) : null}
          <span>
            Page {Math.min(page, pages)} of {pages}
          </span>
          {page < pages ? (
            <Link to={`?reviews=${page + 1}#reviews`} rel="next">
              Older reviews
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
