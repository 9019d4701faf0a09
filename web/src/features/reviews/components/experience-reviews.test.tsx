import {cleanup, render, screen} from '@testing-library/react'
import {MemoryRouter} from 'react-router-dom'
import {afterEach, describe, expect, it} from 'vitest'

import {experienceRatingJsonLd} from '../reviews-json-ld'
import {ExperienceReviews} from './experience-reviews'

const review = (n: number) => ({
  _id: `review-${n}`,
  rating: (n % 5) + 1,
  text: `Review number ${n} about the walk.`,
  displayName: `Traveller ${n}`,
  submittedAt: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00Z`,
  reply: null,
})

afterEach(cleanup)

describe('the experience page’s reviews', () => {
  it('links to newer and older pages and says which page this is', () => {
    render(
      <MemoryRouter>
        <ExperienceReviews
          summary={{average: 3.4, count: 12}}
          page={2}
          data={{total: 12, average: 3.4, reviews: [5, 6, 7, 8, 9].map(review)}}
          companyName="Cape Curated"
        />
      </MemoryRouter>,
    )
    expect(screen.getByText('Page 2 of 3')).toBeTruthy()
    expect(screen.getByRole('link', {name: 'Newer reviews'}).getAttribute('href')).toBe('/#reviews')
    expect(screen.getByRole('link', {name: 'Older reviews'}).getAttribute('href')).toBe(
      '/?reviews=3#reviews',
    )
    expect(screen.getByRole('img', {name: 'Rated 3.4 out of 5'})).toBeTruthy()
    expect(screen.getAllByRole('listitem')).toHaveLength(5)
  })

  it('says so when there is no review yet, with no pages', () => {
    render(
      <MemoryRouter>
        <ExperienceReviews
          summary={null}
          page={1}
          data={{total: 0, average: 0, reviews: []}}
          companyName="Cape Curated"
        />
      </MemoryRouter>,
    )
    expect(screen.getByText(/No reviews yet/)).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('describes the rating as a Product with AggregateRating and each Review', () => {
    const node = experienceRatingJsonLd(
      {title: 'Sunset Cruise', url: 'https://example.com/experiences/sunset-cruise'},
      {average: 4.5, count: 2},
      [review(3), review(4)],
    )
    expect(node).toMatchObject({
      '@type': 'Product',
      'aggregateRating': {'@type': 'AggregateRating', 'ratingValue': 4.5, 'reviewCount': 2},
      'review': [
        {'@type': 'Review', 'author': {name: 'Traveller 3'}, 'reviewRating': {ratingValue: 4}},
        {'@type': 'Review', 'datePublished': '2026-11-14'},
      ],
    })
  })
})
