import type {StoriesQueryResult, StoryBySlugQueryResult} from '@repo/schemas/sanity.types'

import {imageFields} from '../../../lib/image-fields'

/** Fields of a story document (studio/schemaTypes/documents/story.ts) for cards and the article page. */
export const storyCardFields = /* groq */ `
  _id,
  title,
  "slug": slug.current,
  overline,
  "teaser": coalesce(teaser, excerpt),
  "image": image${imageFields}
`

/** A story card (typegen's result for `storiesQuery`). */
export type StoryCard = StoriesQueryResult[number]

/** Where a story's booking button goes (the `storyCallToAction` object). */
export const storyCallToActionFields = /* groq */ `
  "callToAction": {
    "kind": callToAction.kind,
    "label": callToAction.label,
    "experienceSlug": callToAction.experience->slug.current,
    "experienceTitle": callToAction.experience->title,
    "experienceIsBespoke": coalesce(callToAction.experience->isBespoke, false)
  }
`

export type StoryCallToAction = NonNullable<StoryBySlugQueryResult>['callToAction']

export type StoryDetail = NonNullable<StoryBySlugQueryResult>
