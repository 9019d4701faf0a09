import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import type {PageCopyQueryResult} from '@repo/schemas/sanity.types'

import {imageFields} from '../../../lib/image-fields'
import {sanityFetch} from '../../../lib/sanity-fetch'

const heroFields = /* groq */ `{overline, heading, intro, "image": image${imageFields}}`

/** Texts of the listing, stories, questionnaire, booking, thank-you and not-found pages (`pageCopy`). */
export const pageCopyQuery = defineQuery(`*[_type == "pageCopy" && _id == "pageCopy"][0]{
  "experiencesHero": experiencesHero${heroFields},
  experiencesWizardToggleLabel,
  "storiesHero": storiesHero${heroFields},
  storiesCtaHeading,
  storiesCtaLabel,
  "questionnaireHero": questionnaireHero${heroFields},
  thankYouHeading,
  "thankYouNextSteps": coalesce(thankYouNextSteps[]{_key, title, text}, []),
  notFoundHeading,
  notFoundText
}`)

export type PageCopy = NonNullable<PageCopyQueryResult>
export type PageHero = NonNullable<PageCopy['experiencesHero']>
/** A titled step or point (the `step` object). */
export type Step = PageCopy['thankYouNextSteps'][number]

export const pageCopyQueryOptions = () =>
  queryOptions({
    queryKey: ['page-copy'],
    queryFn: ({signal}) => sanityFetch<PageCopyQueryResult>(pageCopyQuery, {}, signal),
  })

export const usePageCopy = () => useSuspenseQuery(pageCopyQueryOptions())
