import type {SanityClient} from '@sanity/client'

import type {DecisionDeps} from '../decide-booking.ts'
import {loadMailContent} from '../../lib/mail-content.ts'

export const TEST_SITE_URL = 'https://site.test'
export const TEST_LINK_SECRET = 'a-request-link-secret-for-tests-only'

/**
 * Decisions' dependencies for staff API tests: the editors' templates and brand read from `content` (the lake's
 * published content), links signed with a test secret, and a count of the outbox nudges.
 */
export function testDecisionDeps(
  content: SanityClient,
  now: () => Date = () => new Date(),
): DecisionDeps & {nudges: () => number} {
  let nudges = 0
  return {
    mailContent: () => loadMailContent(content),
    links: {siteUrl: TEST_SITE_URL, secret: TEST_LINK_SECRET, now},
    queued: () => void nudges++,
    nudges: () => nudges,
  }
}
