import type {AggregateRating, Product, Review, WithContext} from 'schema-dts'

import {MAX_RATING, MIN_RATING} from '@repo/schemas/review-ratings.ts'
import type {ExperienceReviewsQueryResult} from '@repo/schemas/sanity.types'

/**
 * The experience's rating for search engines, typed with schema-dts (docs/decisions/092-typed-json-ld.md).
 * schema.org gives `aggregateRating` and `review` to products, places and events but not to trips, so the
 * experience is described a second time as the `Product` travellers buy, beside its `TouristTrip`, with the same
 * name and address. Only what the page shows: the published count and average, and the reviews on this page.
 */
export function experienceRatingJsonLd(
  experience: {title: string; url: string; description?: string | null; image?: string},
  summary: {average: number; count: number},
  reviews: ExperienceReviewsQueryResult['reviews'],
): WithContext<Product> {
  const aggregateRating: AggregateRating = {
    '@type': 'AggregateRating',
    'ratingValue': summary.average,
    'reviewCount': summary.count,
    'bestRating': MAX_RATING,
    'worstRating': MIN_RATING,
  }
  const review: Review[] = reviews.map((item) => ({
    '@type': 'Review',
    'author': {'@type': 'Person', 'name': item.displayName ?? ''},
    ...(item.submittedAt ? {datePublished: item.submittedAt.slice(0, 10)} : {}),
    'reviewBody': item.text ?? '',
    'reviewRating': {
      '@type': 'Rating',
      'ratingValue': item.rating ?? 0,
      'bestRating': MAX_RATING,
      'worstRating': MIN_RATING,
    },
  }))
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    'name': experience.title,
    'url': experience.url,
    ...(experience.description ? {description: experience.description} : {}),
    ...(experience.image ? {image: experience.image} : {}),
    aggregateRating,
    review,
  }
}
