import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {imageFields, type SanityImageSource} from '../../../lib/image-fields'
import {sanityFetch} from '../../../lib/sanity-fetch'

const heroFields = /* groq */ `{overline, heading, intro, "image": image${imageFields}}`

/** Texts of the listing, stories, questionnaire, booking, thank-you and not-found pages (`pageCopy`). */
export const pageCopyQuery = defineQuery(`*[_id == "pageCopy"][0]{
  "experiencesHero": experiencesHero${heroFields},
  experiencesWizardToggleLabel,
  "storiesHero": storiesHero${heroFields},
  storiesCtaHeading,
  storiesCtaLabel,
  "questionnaireHero": questionnaireHero${heroFields},
  thankYouHeading,
  thankYouText,
  "thankYouNextSteps": coalesce(thankYouNextSteps[]{_key, title, text}, []),
  notFoundHeading,
  notFoundText
}`)

export type PageHero = {
  overline: string | null
  heading: string | null
  intro: string | null
  image: SanityImageSource | null
}

export type Step = {_key: string; title: string; text: string}

export type PageCopy = {
  experiencesHero: PageHero | null
  experiencesWizardToggleLabel: string | null
  storiesHero: PageHero | null
  storiesCtaHeading: string | null
  storiesCtaLabel: string | null
  questionnaireHero: PageHero | null
  thankYouHeading: string | null
  thankYouText: string | null
  thankYouNextSteps: Step[]
  notFoundHeading: string | null
  notFoundText: string | null
}

export const pageCopyQueryOptions = () =>
  queryOptions({
    queryKey: ['page-copy'],
    queryFn: ({signal}) => sanityFetch<PageCopy | null>(pageCopyQuery, {}, signal),
  })

export const usePageCopy = () => useSuspenseQuery(pageCopyQueryOptions())
