import {describe, expect, it} from 'vitest'

import {experienceLine, type ExperienceLookup} from './ReviewExperienceInput'

// Issue 42: the review's Experience field showed editors an empty grey box. Every state now says something.
describe('the review’s Experience field', () => {
  it('names the experience, and says in words when there is none, it is gone, or it cannot be read', () => {
    const lines: [ExperienceLookup, string][] = [
      [{state: 'found', id: 'experience-x', title: 'Lion’s Head Sunset Hike'}, 'Lion’s Head Sunset Hike'],
      [{state: 'found', id: 'experience-x', title: '  '}, 'An experience without a title'],
      [{state: 'none'}, 'No experience is linked to this review.'],
      [{state: 'loading'}, 'Finding the experience…'],
      [
        {state: 'missing', id: 'experience-gone'},
        'The experience this review was written for no longer exists (experience-gone).',
      ],
      [
        {state: 'failed', id: 'experience-x', message: 'Network error'},
        'The experience could not be read (Network error).',
      ],
    ]
    for (const [lookup, line] of lines) expect(experienceLine(lookup)).toBe(line)
  })

  it('is the field’s input in the review schema', async () => {
    const {review} = await import('../documents/review')
    const field = review.fields.find(({name}) => name === 'experience') as {components?: {input?: unknown}}
    const {ReviewExperienceInput} = await import('./ReviewExperienceInput')
    expect(field.components?.input).toBe(ReviewExperienceInput)
  })
})
