import type {StoriesQueryResult, StoryBySlugQueryResult} from '@repo/schemas/sanity.types'

/** A story card (typegen's result for `storiesQuery`). */
export type StoryCard = StoriesQueryResult[number]

export type StoryCallToAction = NonNullable<StoryBySlugQueryResult>['callToAction']

export type StoryDetail = NonNullable<StoryBySlugQueryResult>
