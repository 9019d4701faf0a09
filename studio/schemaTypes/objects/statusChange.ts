import {ClockIcon} from '@sanity/icons/Clock'
import {defineField, defineType} from 'sanity'

import {BOOKING_STATUSES, bookingStatusTitle} from '@repo/schemas/booking-status.ts'

/** One entry of a booking's status history: which status, when, and who set it. */
export const statusChange = defineType({
  name: 'statusChange',
  title: 'Status change',
  type: 'object',
  icon: ClockIcon,
  fields: [
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      options: {list: BOOKING_STATUSES.map(({value, title}) => ({value, title}))},
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'at', title: 'At', type: 'datetime', validation: (rule) => rule.required()}),
    defineField({
      name: 'by',
      title: 'By',
      type: 'string',
      description: 'Staff member, or "website" for the request as it arrived.',
    }),
    defineField({
      name: 'note',
      title: 'Note',
      type: 'string',
      description:
        'Why the change needed saying, e.g. a confirmation beyond the departure’s places ("Confirm anyway").',
    }),
  ],
  preview: {
    select: {status: 'status', at: 'at', by: 'by', note: 'note'},
    prepare: ({status, at, by, note}) => ({
      title: bookingStatusTitle(status ?? ''),
      subtitle: [at?.replace('T', ' ').slice(0, 16), by, note].filter(Boolean).join(' · '),
      media: ClockIcon,
    }),
  },
})
