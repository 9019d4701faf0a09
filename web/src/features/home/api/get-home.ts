import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import type {HomeQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

/** Home: the three story teasers when the editor has not picked any. */
export const HOME_STORY_SLUGS = [
  'woodstock-art-studios',
  'old-biscuit-mill',
  'cape-jazz-scene',
] as const

type HomePageFields = NonNullable<HomeQueryResult['page']>
export type Testimonial = HomeQueryResult['fallbackTestimonials'][number]

export type HomeContent = {
  page: Partial<HomePageFields>
  featured: HomeQueryResult['featured']
  stories: HomeQueryResult['fallbackStories']
  testimonials: Testimonial[]
  howItWorksSteps: HomePageFields['howItWorksSteps']
}

export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ['home'],
    queryFn: async ({signal}): Promise<HomeContent> => {
      const result = await sanityFetch<HomeQueryResult>(
        (queries) => queries.homeQuery,
        {storySlugs: [...HOME_STORY_SLUGS]},
        signal,
      )
      const page: Partial<HomePageFields> = result.page ?? {}
      const picked = page.featuredStories ?? []
      // GROQ returns the fallback matches in dataset order; the spec fixes the teasers' order.
      const stories = picked.length
        ? picked.slice(0, 3)
        : HOME_STORY_SLUGS.flatMap((slug) => result.fallbackStories.filter((s) => s.slug === slug))
      const testimonials = page.testimonials?.length
        ? page.testimonials
        : result.fallbackTestimonials
      return {
        page,
        featured: result.featured,
        stories,
        testimonials: testimonials.slice(0, 3),
        howItWorksSteps: page.howItWorksSteps ?? [],
      }
    },
  })

export const useHome = () => useSuspenseQuery(homeQueryOptions())
