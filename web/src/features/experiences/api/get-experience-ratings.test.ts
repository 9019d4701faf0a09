import {describe, expect, it} from 'vitest'

import {ratingsByExperience} from './get-experience-ratings'

describe('the cards’ ratings', () => {
  it('sums the published ratings up per experience, to one decimal', () => {
    expect(
      ratingsByExperience([
        {experience: 'experience-a', rating: 5},
        {experience: 'experience-a', rating: 4},
        {experience: 'experience-a', rating: 4},
        {experience: 'experience-b', rating: 2},
      ]),
    ).toEqual({
      'experience-a': {average: 4.3, count: 3},
      'experience-b': {average: 2, count: 1},
    })
    expect(ratingsByExperience([])).toEqual({})
  })
})
