import {BookIcon} from '@sanity/icons/Book'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {slugProblem} from '@repo/schemas/content-rules.ts'
import {slugify} from '@repo/schemas/slugify.ts'

import {imageWithAltField} from '../../lib/fields'

/** A local story (its own page), with its call to action to an experience or the questionnaire. */
export const story = defineType({
  name: 'story',
  title: 'Story',
  type: 'document',
  icon: BookIcon,
  groups: [
    {name: 'card', title: 'Card', default: true},
    {name: 'article', title: 'Article'},
    {name: 'booking', title: 'Call to action'},
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      group: 'card',
      validation: (rule) =>
        rule.required().max(100).error('Give the story a title (100 characters at most).'),
    }),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      group: 'card',
      description: 'The page address: /stories/<slug>.',
      options: {source: 'title', slugify: (input: string) => slugify(input)},
      validation: (rule) =>
        rule.required().custom((slug) => {
          const problem = slugProblem(slug?.current, undefined)
          return problem ?? true
        }),
    }),
    defineField({
      name: 'overline',
      title: 'Overline',
      type: 'string',
      group: 'card',
      description: 'The small line above the title, e.g. "Art & Design".',
      validation: (rule) =>
        rule.required().max(40).error('Add a short overline (40 characters at most).'),
    }),
    defineField({
      name: 'teaser',
      title: 'Teaser',
      type: 'text',
      rows: 3,
      group: 'card',
      description: 'The excerpt on story cards and the home page.',
      validation: (rule) =>
        rule.required().max(260).error('Write a teaser (260 characters at most).'),
    }),
    imageWithAltField({group: 'card'}),
    defineField({
      name: 'listOrder',
      title: 'Order in the stories list',
      type: 'number',
      group: 'card',
      validation: (rule) => rule.integer().min(1).error('Use a whole number from 1.'),
    }),
    defineField({
      name: 'publishedAt',
      title: 'Published on',
      type: 'date',
      group: 'article',
    }),
    defineField({
      name: 'body',
      title: 'Article',
      type: 'blockContent',
      group: 'article',
      validation: (rule) => rule.required().min(1).error('Write the article.'),
    }),
    defineField({
      name: 'callToAction',
      title: 'Booking call to action',
      type: 'storyCallToAction',
      group: 'booking',
      validation: (rule) => rule.required().error('Choose where the story’s booking button goes.'),
    }),
    defineField({
      name: 'relatedExperiences',
      title: 'Related experiences',
      type: 'array',
      group: 'booking',
      of: [
        defineArrayMember({
          type: 'reference',
          to: [{type: 'experience'}],
          options: {disableNew: true},
        }),
      ],
      validation: (rule) => rule.unique().max(4).error('Pick up to four different experiences.'),
    }),
  ],
  orderings: [
    {title: 'List order', name: 'listOrder', by: [{field: 'listOrder', direction: 'asc'}]},
  ],
  preview: {
    select: {
      title: 'title',
      overline: 'overline',
      media: 'image',
      target: 'callToAction.experience.title',
      kind: 'callToAction.kind',
    },
    prepare({title, overline, media, target, kind}) {
      const cta =
        kind === 'questionnaire' ? '→ bespoke questionnaire' : target ? `→ ${target}` : null
      return {
        title: title ?? 'Untitled story',
        subtitle: [overline, cta].filter(Boolean).join(' · '),
        media,
      }
    },
  },
})
