import {createClient, type SanityClient} from '@sanity/client'

import type {FunctionsEnv} from './env.ts'
import {retryingLakeFetch, type LakeRetryOptions} from './lake-retry.ts'

/** What the lake clients need of the environment. */
export type LakeClientEnv = {
  sanity: Pick<FunctionsEnv['sanity'], 'projectId' | 'dataset' | 'apiHost' | 'apiVersion' | 'bookingsDataset'>
  writeToken: string
}

/**
 * The server's transport to the lake: a 429 is sent again after its `Retry-After`, a mutation too (the lake ran
 * nothing of it), reads also after a 502 or 503 (docs/decisions/218-lake-clients-retry-429.md). The client's own
 * retries are off, so the policy is this one alone.
 */
function lakeTransport(retry: LakeRetryOptions) {
  const fetch = retryingLakeFetch(retry)
  return {maxRetries: 0, resolveFetch: () => fetch}
}

/**
 * Published content (experiences, settings), as the site reads it, but with the server's token: the lake budgets
 * anonymous clients by address, and a burst of booking requests must never wait behind that budget
 * (docs/decisions/030-hostile-load-limits.md). The perspective keeps drafts out whatever the token could read.
 */
export function createContentClient(env: LakeClientEnv, retry: LakeRetryOptions = {}): SanityClient {
  return createClient({
    projectId: env.sanity.projectId,
    dataset: env.sanity.dataset,
    apiHost: env.sanity.apiHost,
    apiVersion: env.sanity.apiVersion,
    useProjectHostname: false,
    useCdn: false,
    perspective: 'published',
    token: env.writeToken,
    ...lakeTransport(retry),
  })
}

/** The private `bookings` dataset with the server-only write token. */
export function createBookingsClient(env: LakeClientEnv, retry: LakeRetryOptions = {}): SanityClient {
  return createClient({
    projectId: env.sanity.projectId,
    dataset: env.sanity.bookingsDataset,
    apiHost: env.sanity.apiHost,
    apiVersion: env.sanity.apiVersion,
    useProjectHostname: false,
    useCdn: false,
    perspective: 'raw',
    token: env.writeToken,
    ...lakeTransport(retry),
  })
}
