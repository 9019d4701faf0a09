import {createClient, type SanityClient} from '@sanity/client'

import type {FunctionsEnv} from './env.ts'

/** Published content (experiences, settings) read without a token, as the site reads it. */
export function createContentClient(env: FunctionsEnv): SanityClient {
  return createClient({
    projectId: env.sanity.projectId,
    dataset: env.sanity.dataset,
    apiHost: env.sanity.apiHost,
    apiVersion: env.sanity.apiVersion,
    useProjectHostname: false,
    useCdn: false,
    perspective: 'published',
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

export {isConflict} from '@repo/schemas/lake-errors.ts'
