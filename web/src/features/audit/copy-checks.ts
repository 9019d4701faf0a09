import type {ExperiencesQueryResult} from '@repo/schemas/sanity.types'

import type {AuditStatus} from './audit-status'
import {findUsSpellings} from '@repo/schemas/british-copy.ts'

import {EXPERIENCE_PAGE_SLUGS} from './known-routes'

export type CopyCheck = {name: string; status: AuditStatus; detail: string}
export type CopyAuditRow = {
  slug: string
  experience: ExperiencesQueryResult[number] | null
  checks: CopyCheck[]
}

function allText(experience: ExperiencesQueryResult[number]): string {
  return [
    experience.title,
    experience.blurb,
    experience.description,
    experience.whatToExpect,
    experience.format,
    experience.goodToKnow,
    experience.meetingPickup,
    experience.cancellation,
    ...experience.highlights,
    ...experience.included,
    ...experience.optionalExtras,
    ...experience.whatToBring,
    ...experience.faqs.flatMap((faq) => [faq.question, faq.answer]),
  ]
    .filter(Boolean)
    .join(' ')
}

/** Three checks per experience (the copy audit), run against the published content. */
export function auditExperienceCopy(
  slug: string,
  experiences: ExperiencesQueryResult,
): CopyAuditRow {
  const experience =
    experiences.find((e) => e.slug === slug || e.aliases.some((alias) => alias === slug)) ?? null
  if (!experience) {
    return {
      slug,
      experience,
      checks: [
        {
          name: 'Page',
          status: 'Page not found',
          detail: 'No published experience has this address.',
        },
        {name: 'British English', status: 'Unknown', detail: 'No copy to check.'},
        {name: 'Price & policies', status: 'Unknown', detail: 'No copy to check.'},
      ],
    }
  }
  const routed = (EXPERIENCE_PAGE_SLUGS as readonly string[]).includes(experience.slug)
  const spellings = findUsSpellings(allText(experience))
  const missing = [
    experience.fromPrice == null && !experience.priceRange ? 'price' : null,
    !experience.cancellation ? 'cancellation' : null,
    !experience.meetingPickup ? 'meeting point' : null,
    !experience.whatToExpect ? 'what to expect' : null,
  ].filter((item): item is string => item !== null)
  return {
    slug,
    experience,
    checks: [
      {
        name: 'Page',
        status: experience.isBespoke ? 'Page not found' : 'OK',
        detail: routed
          ? 'Listed in the route table.'
          : `Served at /experiences/${experience.slug}.`,
      },
      {
        name: 'British English',
        status: spellings.length ? 'Missing' : 'OK',
        detail: spellings.length
          ? `American spellings: ${spellings.join(', ')}`
          : 'No American spellings found.',
      },
      {
        name: 'Price & policies',
        status: missing.length ? 'Missing' : 'OK',
        detail: missing.length
          ? `Missing: ${missing.join(', ')}`
          : 'Price, cancellation and meeting point present.',
      },
    ],
  }
}
