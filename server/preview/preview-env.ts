import {createClient} from '@sanity/client'

import type {ServerEnv} from '../env.ts'
import {createDraftFetcher} from './draft-fetcher.ts'
import {createLiveRelay} from './live-relay.ts'
import {createPreviewSessionStore} from './preview-sessions.ts'
import {createSitePreview, type SitePreview} from './site-preview.ts'
import {createStegaFetcher} from './stega-fetcher.ts'

/**
 * Preview's server-only tokens, as the functions get theirs (functions/lib/env.ts): `SANITY_PREVIEW_TOKEN` reads
 * drafts and the studio's secrets, `SANITY_WRITE_TOKEN` keeps sessions in the private bookings dataset; each falls
 * back to the local lake's generated token. Without both, the site has no preview mode at all.
 */
export function sitePreviewFromEnv(
  env: Pick<
    ServerEnv,
    'sanity' | 'siteUrl' | 'frameAncestors' | 'contentReadToken' | 'writeToken' | 'bookingsDataset'
  >,
): SitePreview | undefined {
  const previewToken = env.contentReadToken
  const writeToken = env.writeToken
  if (!previewToken || !writeToken) return undefined
  const base = {...env.sanity, useCdn: false, useProjectHostname: false} as const
  const drafts = createClient({...base, token: previewToken, perspective: 'drafts'})
  // The studio the lake serves (its TLS origin, the one allowed to frame the site), content workspace.
  const studio = env.frameAncestors[0] ?? ''
  return createSitePreview({
    sessions: createPreviewSessionStore(
      createClient({
        ...base,
        dataset: env.bookingsDataset,
        token: writeToken,
        perspective: 'raw',
      }),
    ),
    secretsClient: createClient({...base, token: previewToken, perspective: 'raw'}),
    draftFetcher: createDraftFetcher(drafts),
    queryFetcher: createStegaFetcher(drafts, () => ({
      baseUrl: `${studio}/studio`,
      workspace: 'content',
    })),
    liveEvents: createLiveRelay(drafts),
    studioOrigins: env.frameAncestors,
    siteUrl: env.siteUrl,
  })
}
