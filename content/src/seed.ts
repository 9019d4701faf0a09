/**
 * The whole seed dataset for the public `production` dataset, in a stable order: the documents that
 * `content/production.ndjson` holds. Build the file with `npx node scripts/build-seed.ts`.
 */
import {experienceSettingsDocuments} from './experience-settings.ts'
import {experienceDocuments, experienceSources} from './experiences.ts'
import {itineraryDocument} from './itinerary.ts'
import {mailTemplateDocuments} from './mail-templates.ts'
import {privacyNoticeDocument} from './privacy-notice.ts'
import {
  aboutPageDocument,
  homePageDocument,
  pageCopyDocument,
  siteSettingsDocument,
} from './site.ts'
import {storyDocuments} from './stories.ts'
import {testimonialDocuments} from './testimonials.ts'

export type SeedDocument = {_id: string; _type: string; [field: string]: unknown}

export function seedDocuments(): SeedDocument[] {
  return [
    siteSettingsDocument(),
    homePageDocument(),
    aboutPageDocument(),
    pageCopyDocument(),
    privacyNoticeDocument(),
    itineraryDocument(),
    ...experienceDocuments(),
    ...experienceSettingsDocuments(
      Object.fromEntries(experienceSources.map((e) => [e.slug, e.maxGroupSize])),
    ),
    ...storyDocuments(),
    ...testimonialDocuments(),
    ...mailTemplateDocuments(),
  ]
}

/** NDJSON as `sanity dataset import` reads it: one document per line. */
export function toNdjson(documents: SeedDocument[]): string {
  return documents.map((doc) => JSON.stringify(doc)).join('\n') + '\n'
}
