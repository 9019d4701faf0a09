import {describe, expect, it} from 'vitest'

import {experienceFixture} from '../../test/fixtures'
import type {StoryLink} from './api/get-story-links'
import {checkStoryLink} from './story-link-checks'

const story = (callToAction: StoryLink['callToAction']): StoryLink => ({
  _id: 's',
  title: 'Story',
  slug: 'story',
  callToAction,
})
const cta = {label: null, experienceTitle: null, experienceIsBespoke: false}
const experiences = [experienceFixture()]

describe('checkStoryLink', () => {
  it('accepts the questionnaire and published known experiences', () => {
    expect(
      checkStoryLink(story({...cta, kind: 'questionnaire', experienceSlug: null}), experiences)
        .status,
    ).toBe('OK')
    expect(
      checkStoryLink(
        story({...cta, kind: 'experience', experienceSlug: 'lions-head-sunset-hike'}),
        experiences,
      ).status,
    ).toBe('OK')
  })

  it('reports other targets as "Page not found"', () => {
    expect(
      checkStoryLink(
        story({...cta, kind: 'experience', experienceSlug: 'robben-island'}),
        experiences,
      ).status,
    ).toBe('Page not found')
    // Known route, but the experience is not published.
    expect(
      checkStoryLink(
        story({...cta, kind: 'experience', experienceSlug: 'sunset-cruise'}),
        experiences,
      ).status,
    ).toBe('Page not found')
  })

  // Stored content can hold a kind the schema no longer offers, hence the cast.
  it('reports a missing call to action and unknown kinds', () => {
    expect(
      checkStoryLink(story({...cta, kind: null, experienceSlug: null}), experiences).status,
    ).toBe('Missing')
    expect(
      checkStoryLink(story({...cta, kind: 'phone' as never, experienceSlug: null}), experiences)
        .status,
    ).toBe('Unknown')
  })
})
