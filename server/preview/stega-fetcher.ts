import type {ResolveStudioUrl, SanityClient, StudioUrl} from '@sanity/client'

import type {GroqFetcher} from '../../web/src/lib/sanity-fetch'
import {displayTextOnly} from '../../web/src/preview/stega-filter.ts'

export {displayTextOnly}

/** The preview browser's reads: drafts with stega pointing into the studio that opened the session. */
export function createStegaFetcher(
  client: SanityClient,
  studioUrl: StudioUrl | ResolveStudioUrl,
): GroqFetcher {
  const stega = client.withConfig({
    perspective: 'drafts',
    useCdn: false,
    stega: {enabled: true, studioUrl, filter: displayTextOnly},
  })
  return (query, params, signal) => stega.fetch(query, params, signal ? {signal} : {})
}
