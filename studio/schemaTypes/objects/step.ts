import {OlistIcon} from '@sanity/icons/Olist'
import {defineField, defineType} from 'sanity'

/** A short titled step or point: How It Works steps, thank-you next steps, partner types, values. */
export const step = defineType({
  name: 'step',
  title: 'Step',
  type: 'object',
  icon: OlistIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'text',
      title: 'Text',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(400),
    }),
  ],
  preview: {
    select: {title: 'title', subtitle: 'text'},
    prepare: ({title, subtitle}) => ({title, subtitle, media: OlistIcon}),
  },
})
