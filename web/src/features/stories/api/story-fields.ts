import type {PortableTextBlock} from '@portabletext/react'

import {imageFields, type SanityImageSource} from '../../../lib/image-fields'

/** Fields of a story document (studio/schemaTypes/documents/story.ts) for cards and the article page. */
export const storyCardFields = /* groq */ `
  _id,
  title,
  "slug": slug.current,
  overline,
  "teaser": coalesce(teaser, excerpt),
  "image": image${imageFields}
`

export type StoryCard = {
  _id: string
  title: string
  slug: string
  overline: string | null
  teaser: string | null
  image: SanityImageSource | null
}

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

export type StoryCallToAction = {
  kind: string | null
  label: string | null
  experienceSlug: string | null
  experienceTitle: string | null
  experienceIsBespoke: boolean
}

export type StoryDetail = StoryCard & {
  publishedAt: string | null
  body: PortableTextBlock[] | null
  callToAction: StoryCallToAction
  relatedExperiences: {title: string; slug: string}[]
  _updatedAt: string
}
