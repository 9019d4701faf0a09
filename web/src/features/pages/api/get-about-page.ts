import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import type {AboutPageQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

export type AboutPageContent = NonNullable<AboutPageQueryResult>

export const aboutPageQueryOptions = () =>
  queryOptions({
    queryKey: ['about-page'],
    queryFn: ({signal}) =>
      sanityFetch<AboutPageQueryResult>((queries) => queries.aboutPageQuery, {}, signal),
  })

export const useAboutPage = () => useSuspenseQuery(aboutPageQueryOptions())
