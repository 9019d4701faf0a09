import {describe, expect, it} from 'vitest'

import {
  DEFAULT_CANCELLATION_TEXT,
  MAX_FAQS,
  REASSURANCE_TEXT,
  countWords,
  faqsProblem,
  featuredOrderProblem,
  minimumAgeProblem,
  slugProblem,
  storyCallToActionKindProblem,
  storyCallToActionProblem,
} from './content-rules.ts'

describe('content rules', () => {
  it('carry the product’s fixed texts', () => {
    expect(REASSURANCE_TEXT).toBe('No payment required at this stage — just planning.')
    expect(DEFAULT_CANCELLATION_TEXT).toMatch(/48 hours/)
    expect(DEFAULT_CANCELLATION_TEXT).toMatch(/No-shows are non-refundable/)
  })

  it('allow at most five FAQs', () => {
    expect(MAX_FAQS).toBe(5)
    expect(faqsProblem(Array.from({length: 5}))).toBeNull()
    expect(faqsProblem(Array.from({length: 7}))).toBe(
      'The site shows at most 5 FAQs. Remove 2 before publishing.',
    )
    expect(faqsProblem(undefined)).toBeNull()
  })

  it('check slugs against the title rule', () => {
    expect(slugProblem('cape-winelands-tour', 'Cape Winelands Tour')).toBeNull()
    expect(slugProblem(undefined, 'x')).toMatch(/Generate a slug/)
    expect(slugProblem('Cape_Winelands', undefined)).toMatch(/lowercase letters/)
    expect(slugProblem('winelands', 'Cape Winelands Tour')).toMatch(/"cape-winelands-tour"/)
  })

  it('keep minimum ages whole and sensible', () => {
    expect(minimumAgeProblem(0)).toBeNull()
    expect(minimumAgeProblem(18)).toBeNull()
    expect(minimumAgeProblem(-1)).toMatch(/0 to 99/)
    expect(minimumAgeProblem(undefined)).toMatch(/all ages/)
  })

  it('keep featured positions within the seven home-page slots', () => {
    expect(featuredOrderProblem(undefined)).toBeNull()
    expect(featuredOrderProblem(7)).toBeNull()
    expect(featuredOrderProblem(8)).toMatch(/1 to 7/)
    expect(featuredOrderProblem(0)).toMatch(/1 to 7/)
  })

  it('require a story call to action to reach an experience or the questionnaire', () => {
    expect(storyCallToActionProblem({kind: 'questionnaire'})).toBeNull()
    expect(
      storyCallToActionProblem({
        kind: 'experience',
        experience: {_ref: 'experience-sunset-cruise'},
      }),
    ).toBeNull()
    expect(storyCallToActionProblem({kind: 'experience'})).toMatch(/Pick the experience/)
    expect(storyCallToActionProblem({kind: 'page'})).toMatch(
      /experience or to the bespoke questionnaire/,
    )
    expect(storyCallToActionProblem(undefined)).toMatch(/Choose where/)
    expect(storyCallToActionKindProblem('experience')).toBeNull()
    expect(storyCallToActionKindProblem('homepage')).toMatch(
      /experience or to the bespoke questionnaire/,
    )
  })

  it('count words, ignoring stray punctuation', () => {
    expect(countWords('  Table Mountain — 1,086 m high.  ')).toBe(5)
  })
})
