import {createClient} from '@sanity/client'

import {publicEnv} from './env'

/**
 * The browser's read-only client. No token: the `production` dataset is public-read. `useProjectHostname: false`
 * because the local lake answers on one host (`<projectId>.127.0.0.1` does not resolve), and the same setting
 * works against Sanity's hosted API through the `X-Sanity-Project-ID` header.
 */
export const sanityClient = createClient({
  ...publicEnv.sanity,
  useProjectHostname: false,
  perspective: 'published',
})
