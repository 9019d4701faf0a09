import {queryOptions} from '@tanstack/react-query'

import type {PublicPrivacyNotice} from '@repo/schemas/privacy-notice.ts'
import type {PrivacyNoticeQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

export const privacyNoticeQueryOptions = () =>
  queryOptions({
    queryKey: ['privacy-notice'],
    queryFn: ({signal}) =>
      sanityFetch<PrivacyNoticeQueryResult>((queries) => queries.privacyNoticeQuery, {}, signal),
  })

/**
 * The retention periods in force, from the server (they live in the private dataset, where the retention job reads
 * them): what the page states is what the job does.
 */
export const privacyRetentionQueryOptions = () =>
  queryOptions({
    queryKey: ['privacy-notice', 'retention'],
    queryFn: async ({signal}) => {
      const response = await fetch('/api/privacy-notice', {signal})
      if (!response.ok)
        throw new Error(`The retention periods could not be read (${response.status}).`)
      return (await response.json()) as PublicPrivacyNotice
    },
    staleTime: 60_000,
  })
