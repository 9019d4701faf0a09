import {STORY_CTA_QUESTIONNAIRE} from '@repo/schemas/content-rules.ts'

import type {StoryCallToAction} from './api/story-fields'

/** Where a story's booking button goes, as its editor chose: the questionnaire or an experience page. */
export function storyCtaHref(cta: StoryCallToAction): string {
  if (cta.kind === STORY_CTA_QUESTIONNAIRE || cta.experienceIsBespoke || !cta.experienceSlug)
    return '/questionnaire'
  return `/experiences/${cta.experienceSlug}`
}

export function storyCtaLabel(cta: StoryCallToAction): string {
  if (cta.label) return cta.label
  if (cta.kind === STORY_CTA_QUESTIONNAIRE || !cta.experienceTitle) return 'Plan your bespoke trip'
  return `Book ${cta.experienceTitle}`
}
