import {ClockIcon} from '@sanity/icons/Clock'
import {defineField, defineType} from 'sanity'

import {formatTripStart} from '@repo/schemas/format-date.ts'
import {startTimeProblem} from '@repo/schemas/trip-details.ts'

/** One departure that starts at another time than the experience's usual start (a holiday, the tide). */
export const departureStartTime = defineType({
  name: 'departureStartTime',
  title: 'Different start',
  type: 'object',
  icon: ClockIcon,
  fields: [
    defineField({
      name: 'date',
      title: 'Date',
      type: 'date',
      validation: (rule) => rule.required().error('Give the date of the departure.'),
    }),
    defineField({
      name: 'startTime',
      title: 'Start time (Cape Town)',
      type: 'string',
      description: 'HH:mm, e.g. 07:30.',
      validation: (rule) => rule.required().custom((value) => startTimeProblem(value) ?? true),
    }),
  ],
  preview: {
    select: {date: 'date', startTime: 'startTime'},
    prepare: ({date, startTime}) => ({
      title: date ? formatTripStart(date, startTime) : 'No date',
      media: ClockIcon,
    }),
  },
})
