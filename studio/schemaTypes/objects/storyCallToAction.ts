import {LaunchIcon} from '@sanity/icons/Launch'
import {defineField, defineType} from 'sanity'

import {
  STORY_CTA_EXPERIENCE,
  STORY_CTA_QUESTIONNAIRE,
  storyCallToActionKindProblem,
} from '@repo/schemas/content-rules.ts'

import {STUDIO_API_VERSION} from '../../lib/fields'

/**
 * Where a story's booking button goes: an existing experience, or the bespoke
 * questionnaire. A reference, so the button can never point at a missing page.
 */
export const storyCallToAction = defineType({
  name: 'storyCallToAction',
  title: 'Call to action',
  type: 'object',
  icon: LaunchIcon,
  fields: [
    defineField({
      name: 'kind',
      title: 'Goes to',
      type: 'string',
      options: {
        list: [
          {value: STORY_CTA_EXPERIENCE, title: 'An experience'},
          {value: STORY_CTA_QUESTIONNAIRE, title: 'The bespoke questionnaire'},
        ],
        layout: 'radio',
        direction: 'horizontal',
      },
      initialValue: STORY_CTA_EXPERIENCE,
      validation: (rule) => rule.custom((kind) => storyCallToActionKindProblem(kind) ?? true),
    }),
    defineField({
      name: 'experience',
      title: 'Experience',
      type: 'reference',
      to: [{type: 'experience'}],
      options: {disableNew: true, filter: 'isBespoke != true'},
      hidden: ({parent}) => (parent as {kind?: string} | undefined)?.kind !== STORY_CTA_EXPERIENCE,
      validation: (rule) =>
        rule.custom(async (ref, context) => {
          const parent = context.parent as {kind?: string} | undefined
          if (parent?.kind !== STORY_CTA_EXPERIENCE) return true
          if (!ref?._ref) return 'Pick the experience the booking button leads to.'
          const published = await context
            .getClient({apiVersion: STUDIO_API_VERSION})
            .fetch<{isBespoke?: boolean} | null>(`*[_id == $id][0]{isBespoke}`, {id: ref._ref})
          if (!published)
            return 'That experience is not published yet, so its page does not exist. Publish it first.'
          if (published.isBespoke)
            return 'For the bespoke experience, choose “The bespoke questionnaire” instead.'
          return true
        }),
    }),
    defineField({
      name: 'label',
      title: 'Button text',
      type: 'string',
      description: 'E.g. "Book the Township Jazz Night". Leave empty for the default text.',
    }),
  ],
  preview: {
    select: {kind: 'kind', title: 'experience.title', label: 'label', media: 'experience.image'},
    prepare: ({kind, title, label, media}) => ({
      title:
        kind === STORY_CTA_QUESTIONNAIRE
          ? 'Bespoke questionnaire'
          : (title ?? 'No experience chosen'),
      subtitle: label,
      media: media ?? LaunchIcon,
    }),
  },
})
