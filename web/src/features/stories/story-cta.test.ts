import {describe, expect, it} from 'vitest'

import {storyCtaHref, storyCtaLabel} from './story-cta'

const base = {
  label: null,
  experienceSlug: null,
  experienceTitle: null,
  experienceIsBespoke: false,
} as const

describe('story call to action', () => {
  it('leads to the questionnaire for questionnaire stories (woodstock-art-studios, chapmans-peak-drive)', () => {
    expect(storyCtaHref({...base, kind: 'questionnaire' as const})).toBe('/questionnaire')
    expect(storyCtaLabel({...base, kind: 'questionnaire' as const})).toBe('Plan your bespoke trip')
  })

  it('leads to the experience page otherwise (e.g. cape-jazz-scene → township-jazz-night)', () => {
    const cta = {
      ...base,
      kind: 'experience' as const,
      experienceSlug: 'township-jazz-night',
      experienceTitle: 'Township Jazz Night',
    }
    expect(storyCtaHref(cta)).toBe('/experiences/township-jazz-night')
    expect(storyCtaLabel(cta)).toBe('Book Township Jazz Night')
    expect(storyCtaLabel({...cta, label: 'Hear it live'})).toBe('Hear it live')
  })

  it('falls back to the questionnaire when the experience is bespoke or gone', () => {
    expect(
      storyCtaHref({
        ...base,
        kind: 'experience' as const,
        experienceSlug: 'x',
        experienceIsBespoke: true,
      }),
    ).toBe('/questionnaire')
    expect(storyCtaHref({...base, kind: 'experience'})).toBe('/questionnaire')
  })
})
