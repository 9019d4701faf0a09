import type {SanityClient} from '@sanity/client'

import type {GroqFetcher} from '../../web/src/lib/sanity-fetch'

/**
 * Reads for a preview render: drafts, with the server's token, and no cache at all. The public fetcher's cache
 * (content-fetcher.ts) is keyed by query and parameters only, so a draft result must never pass through it.
 */
export function createDraftFetcher(client: SanityClient): GroqFetcher {
  const drafts = client.withConfig({perspective: 'drafts', useCdn: false})
  return (query, params, signal) => drafts.fetch(query, params, signal ? {signal} : {})
}
