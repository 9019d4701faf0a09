import {CalendarIcon} from '@sanity/icons/Calendar'
import {defineField, defineType} from 'sanity'

import {ITINERARY_DAYS} from '@repo/schemas/content-rules.ts'

import {imageWithAltField} from '../../lib/fields'

/** One day of the sample itinerary: morning, afternoon, evening, image and alt text. */
export const itineraryDay = defineType({
  name: 'itineraryDay',
  title: 'Itinerary day',
  type: 'object',
  icon: CalendarIcon,
  fields: [
    defineField({
      name: 'day',
      title: 'Day',
      type: 'number',
      validation: (rule) =>
        rule
          .required()
          .integer()
          .min(1)
          .max(ITINERARY_DAYS)
          .error(`Number the day from 1 to ${ITINERARY_DAYS}.`),
    }),
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      validation: (rule) =>
        rule.required().error('Give the day a title, e.g. "City & Table Mountain".'),
    }),
    defineField({
      name: 'morning',
      title: 'Morning',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().error('Describe the morning.'),
    }),
    defineField({
      name: 'afternoon',
      title: 'Afternoon',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().error('Describe the afternoon.'),
    }),
    defineField({
      name: 'evening',
      title: 'Evening',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().error('Describe the evening.'),
    }),
    imageWithAltField(),
  ],
  preview: {
    select: {day: 'day', title: 'title', media: 'image'},
    prepare: ({day, title, media}) => ({title: `Day ${day ?? '?'}: ${title ?? 'Untitled'}`, media}),
  },
})
