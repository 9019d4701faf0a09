import {STORY_CTA_EXPERIENCE, STORY_CTA_QUESTIONNAIRE} from '@repo/schemas/content-rules.ts'

import type {ExperiencesQueryResult} from '@repo/schemas/sanity.types'

import type {StoryLink} from './api/get-story-links'
import type {AuditStatus} from './audit-status'
import {EXPERIENCE_PAGE_SLUGS} from './known-routes'

export type StoryLinkResult = {story: StoryLink; target: string; status: AuditStatus}

/**
 * A story's primary experience is OK when it is the bespoke questionnaire or one of the six experience
 * pages (and that experience is published); a missing call to action is "Missing"; any other target "Page not
 * found"; a call to action of an unknown kind "Unknown".
 */
export function checkStoryLink(
  story: StoryLink,
  experiences: ExperiencesQueryResult,
): StoryLinkResult {
  const cta = story.callToAction
  if (!cta.kind) return {story, target: '—', status: 'Missing'}
  if (cta.kind === STORY_CTA_QUESTIONNAIRE || cta.experienceIsBespoke)
    return {story, target: 'Bespoke (/questionnaire)', status: 'OK'}
  if (cta.kind !== STORY_CTA_EXPERIENCE) return {story, target: cta.kind, status: 'Unknown'}
  const slug = cta.experienceSlug
  if (!slug) return {story, target: '—', status: 'Missing'}
  const published = experiences.some((e) => e.slug === slug && !e.isBespoke)
  const known = (EXPERIENCE_PAGE_SLUGS as readonly string[]).includes(slug)
  return {
    story,
    target: `/experiences/${slug}`,
    status: published && known ? 'OK' : 'Page not found',
  }
}
