import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import type {SiteSettingsQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

export type SiteSettings = NonNullable<SiteSettingsQueryResult>

export const siteSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['site-settings'],
    queryFn: ({signal}) =>
      sanityFetch<SiteSettingsQueryResult>((queries) => queries.siteSettingsQuery, {}, signal),
  })

export const useSiteSettings = () => useSuspenseQuery(siteSettingsQueryOptions())
