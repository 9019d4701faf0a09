import {createClient, type SanityClient} from '@sanity/client'

import type {FunctionsEnv} from './env.ts'

/**
 * Published content (experiences, settings), as the site reads it, but with the server's token: the lake budgets
 * anonymous clients by address, and a burst of booking requests must never wait behind that budget
 * (docs/decisions/030-hostile-load-limits.md). The perspective keeps drafts out whatever the token could read.
 */
export function createContentClient(env: FunctionsEnv): SanityClient {
  return createClient({
    projectId: env.sanity.projectId,
    dataset: env.sanity.dataset,
    apiHost: env.sanity.apiHost,
    apiVersion: env.sanity.apiVersion,
    useProjectHostname: false,
    useCdn: false,
    perspective: 'published',
    token: env.writeToken,
  })
}

/** The private `bookings` dataset with the server-only write token. */
export function createBookingsClient(env: FunctionsEnv): SanityClient {
  return createClient({
    projectId: env.sanity.projectId,
    dataset: env.sanity.bookingsDataset,
    apiHost: env.sanity.apiHost,
    apiVersion: env.sanity.apiVersion,
    useProjectHostname: false,
    useCdn: false,
    perspective: 'raw',
    token: env.writeToken,
  })
}
