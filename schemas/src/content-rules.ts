/**
 * Rules about content that the site can show, shared by the studio's validation, the seed test and the web.
 * Messages are written for editors.
 */
import {isSlug, slugify} from './slugify.ts'

/** The detail modal shows at most five FAQs. */
export const MAX_FAQS = 5
/** The home page shows seven featured experience cards. */
export const FEATURED_EXPERIENCE_SLOTS = 7
/** The sample itinerary has seven days and fifteen bespoke services. */
export const ITINERARY_DAYS = 7
export const ITINERARY_SERVICES = 15
/** Three testimonials and three story teasers on the home page. */
export const HOME_TESTIMONIALS = 3

/** The policy texts an editor starts from. */
export const DEFAULT_CANCELLATION_TEXT =
  'Free changes up to 48 hours before your experience. No-shows are non-refundable.'
export const REASSURANCE_TEXT = 'No payment required at this stage — just planning.'
/**
 * When we answer a request, said the same way on every page and in every mail: one site setting (`replyPromise`)
 * that editors own; this is its seeded value and the text while it is unset.
 */
export const DEFAULT_REPLY_PROMISE = 'We reply by email within one working day.'

/** The value of a story's call to action that sends readers to the bespoke questionnaire. */
export const STORY_CTA_QUESTIONNAIRE = 'questionnaire'
export const STORY_CTA_EXPERIENCE = 'experience'

export function faqsProblem(faqs: readonly unknown[] | undefined): string | null {
  if (faqs && faqs.length > MAX_FAQS)
    return `The site shows at most ${MAX_FAQS} FAQs. Remove ${faqs.length - MAX_FAQS} before publishing.`
  return null
}

export function slugProblem(slug: string | undefined, title: string | undefined): string | null {
  if (!slug) return 'Generate a slug from the title: the page address needs it.'
  if (!isSlug(slug))
    return 'Use lowercase letters, digits and single hyphens only (e.g. "cape-winelands-tour").'
  if (title && slugify(title) !== slug)
    return `The slug should follow the title: "${slugify(title)}". Regenerate it, or keep this one on purpose.`
  return null
}

export function minimumAgeProblem(age: number | undefined): string | null {
  if (age === undefined) return 'Set the minimum age (0 means all ages).'
  if (!Number.isInteger(age) || age < 0 || age > 99)
    return 'Minimum age must be a whole number from 0 to 99.'
  return null
}

export function featuredOrderProblem(order: number | undefined): string | null {
  if (order === undefined) return null
  if (!Number.isInteger(order) || order < 1 || order > FEATURED_EXPERIENCE_SLOTS)
    return `Featured position must be a whole number from 1 to ${FEATURED_EXPERIENCE_SLOTS}, or empty.`
  return null
}

export type StoryCallToAction = {kind?: string; experience?: {_ref?: string} | null}

export function storyCallToActionKindProblem(kind: string | undefined): string | null {
  if (!kind) return 'Choose where the story’s booking button goes.'
  if (kind !== STORY_CTA_QUESTIONNAIRE && kind !== STORY_CTA_EXPERIENCE)
    return 'The booking button must lead to an experience or to the bespoke questionnaire.'
  return null
}

export function storyCallToActionProblem(cta: StoryCallToAction | undefined): string | null {
  const kindProblem = storyCallToActionKindProblem(cta?.kind)
  if (kindProblem) return kindProblem
  if (cta?.kind === STORY_CTA_EXPERIENCE && !cta.experience?._ref)
    return 'Pick the experience the booking button leads to.'
  return null
}

/** Counts words in plain text, the way the seed test checks article length. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
}
