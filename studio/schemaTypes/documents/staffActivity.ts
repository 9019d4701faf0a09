import {ActivityIcon} from '@sanity/icons/Activity'
import {defineField, defineType} from 'sanity'

import {STAFF_ACTIVITY_KINDS} from '@repo/schemas/staff-people.ts'

/**
 * One entry of the staff activity log (functions/staff/staff-activity.ts): who did what, and to which request or
 * person. Written only by the staff API, in the private bookings dataset; declared for the generated types
 * (typegen-only bookings workspace, docs/decisions/189).
 */
export const staffActivity = defineType({
  name: 'staffActivity',
  title: 'Staff activity',
  type: 'document',
  icon: ActivityIcon,
  readOnly: true,
  fields: [
    defineField({name: 'at', title: 'At', type: 'datetime', validation: (rule) => rule.required()}),
    defineField({
      name: 'personId',
      title: 'Person (account)',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'personName',
      title: 'Person',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'kind',
      title: 'Kind',
      type: 'string',
      options: {list: [...STAFF_ACTIVITY_KINDS]},
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'summary', title: 'Summary', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'bookingId', title: 'Request (document id)', type: 'string'}),
    defineField({name: 'bookingRef', title: 'Request reference', type: 'string'}),
    defineField({name: 'subjectId', title: 'Person it was about (account)', type: 'string'}),
  ],
  preview: {select: {title: 'summary', subtitle: 'personName'}},
})
