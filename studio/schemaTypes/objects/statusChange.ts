import {ClockIcon} from '@sanity/icons/Clock'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {BOOKING_STATUSES, bookingStatusTitle} from '@repo/schemas/booking-status.ts'
import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {ACTION_TITLES} from '@repo/schemas/request-decisions.ts'

/** One entry of a booking's status history: which status, when, who set it, and any decision it records. */
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
    // A decision (docs/decisions/012-the-request-loop.md) is recorded by the action that took it, with its mail:
    // never edited afterwards.
    defineField({
      name: 'action',
      title: 'Decision',
      type: 'string',
      readOnly: true,
      options: {
        list: Object.entries(ACTION_TITLES).map(([value, title]) => ({value, title})),
      },
    }),
    defineField({
      name: 'message',
      title: 'Told the traveller',
      type: 'text',
      readOnly: true,
      description: 'A decline’s reason, a question, or the note with proposed dates.',
    }),
    defineField({
      name: 'options',
      title: 'Dates proposed or accepted',
      type: 'array',
      readOnly: true,
      of: [
        defineArrayMember({
          name: 'proposedOption',
          title: 'Date',
          type: 'object',
          fields: [
            // The staff API writes both with every option (an empty time when none was given).
            defineField({
              name: 'date',
              title: 'Date',
              type: 'date',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'preferred_time',
              title: 'Time',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: {
            select: {date: 'date', time: 'preferred_time'},
            prepare: ({date, time}) => ({
              title: date ? formatDateInWords(date) : 'No date',
              subtitle: time,
            }),
          },
        }),
      ],
    }),
    defineField({
      name: 'mail_id',
      title: 'Mail to the traveller',
      type: 'string',
      readOnly: true,
      description: 'The id of the mail it sent (see Mail).',
    }),
  ],
  preview: {
    select: {status: 'status', at: 'at', by: 'by', note: 'note', action: 'action'},
    prepare: ({status, at, by, note, action}) => ({
      title:
        ACTION_TITLES[action as keyof typeof ACTION_TITLES] ?? bookingStatusTitle(status ?? ''),
      subtitle: [at?.replace('T', ' ').slice(0, 16), by, note].filter(Boolean).join(' · '),
      media: ClockIcon,
    }),
  },
})
