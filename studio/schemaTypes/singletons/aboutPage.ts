import {UsersIcon} from '@sanity/icons/Users'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {imageWithAltField} from '../../lib/fields'

/** The About page, "Our Story": philosophy, types of partners, a call to /experiences. */
export const aboutPage = defineType({
  name: 'aboutPage',
  title: 'About page',
  type: 'document',
  icon: UsersIcon,
  fields: [
    defineField({
      name: 'overline',
      title: 'Overline',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'intro',
      title: 'Intro',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required(),
    }),
    imageWithAltField(),
    defineField({
      name: 'philosophyHeading',
      title: 'Philosophy heading',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'philosophy',
      title: 'Philosophy',
      type: 'blockContent',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'partnersHeading',
      title: 'Partners heading',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'partnerTypes',
      title: 'Types of partners',
      type: 'array',
      of: [defineArrayMember({type: 'step'})],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'ctaHeading',
      title: 'Call to action heading',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'ctaText',
      title: 'Call to action text',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'ctaLabel',
      title: 'Button to experiences',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: {title: 'heading', media: 'image'},
    prepare: ({title, media}) => ({title: 'About page', subtitle: title, media}),
  },
})
