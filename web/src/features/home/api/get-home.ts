import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import type {HomeQueryResult} from '@repo/schemas/sanity.types'

import {imageFields} from '../../../lib/image-fields'
import {experienceCardFields, storyCardFields} from '../../../lib/content-fields'
import {sanityFetch} from '../../../lib/sanity-fetch'

/** Home: the three story teasers when the editor has not picked any. */
export const HOME_STORY_SLUGS = [
  'woodstock-art-studios',
  'old-biscuit-mill',
  'cape-jazz-scene',
] as const

// Featured cards are the experiences an editor gave a home-page position (1-7), in that order. Texts, teasers
// and testimonials come from the `homePage` singleton.
export const homeQuery = defineQuery(`{
  "page": *[_id == "homePage"][0]{
    heroOverline, heroHeading, heroText, heroPrimaryLabel, heroSecondaryLabel,
    "heroImage": heroImage${imageFields},
    quickSearchHeading, quickSearchButtonLabel,
    featuredHeading, featuredText,
    itineraryHeading, itineraryText, itineraryLinkLabel,
    storiesHeading, storiesText, storiesLinkLabel,
    "featuredStories": coalesce(featuredStories[]->{${storyCardFields}}, []),
    testimonialsHeading,
    "testimonials": coalesce(testimonials[]->{_id, quote, initials, location}, []),
    howItWorksHeading,
    "howItWorksSteps": coalesce(howItWorksSteps[]{_key, title, text}, [])
  },
  "featured": *[_type == "experience" && defined(featuredOrder) && defined(slug.current)]
    | order(featuredOrder asc)[0...7]{${experienceCardFields}},
  "fallbackStories": *[_type == "story" && slug.current in $storySlugs]{${storyCardFields}},
  "fallbackTestimonials": *[_type == "testimonial"] | order(_createdAt asc)[0...3]{_id, quote, initials, location}
}`)

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
        homeQuery,
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
