import {CalendarIcon} from '@sanity/icons/Calendar'
import {defineField, defineType} from 'sanity'

/**
 * One experience on one date, written only by the staff API when it confirms or un-confirms a booking
 * (docs/decisions/008-a-lock-document-per-departure.md). Its revision is the lock: every change of what a date's
 * bookings take also changes this document with `ifRevisionID`, in the same transaction, so two staff confirming the
 * last places at once cannot both succeed (hosted Sanity checks revisions the same way). It holds no traveller's
 * data.
 */
export const departure = defineType({
  name: 'departure',
  title: 'Departure',
  type: 'document',
  icon: CalendarIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'experience_id',
      title: 'Experience (slug)',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'date', title: 'Date', type: 'date', validation: (rule) => rule.required()}),
    defineField({
      name: 'last_change',
      title: 'Last change',
      type: 'string',
      description: 'The booking whose status change last touched this departure.',
    }),
    defineField({name: 'updated_at', title: 'Updated at', type: 'datetime'}),
    // Set when staff cancel the departure (functions/staff/cancel-departure.ts): closed for new bookings and moves.
    defineField({name: 'cancelled_at', title: 'Cancelled at', type: 'datetime'}),
    defineField({name: 'cancelled_reason', title: 'Reason for cancelling', type: 'string'}),
    defineField({name: 'cancelled_by', title: 'Cancelled by', type: 'string'}),
    // Set by managers in the departures view (functions/staff/assign-departure.ts, docs/decisions/239): the guides
    // (staff account ids) and the resource (a `resource` document id in the content); the guide's Today view reads
    // `guide_ids` to decide whose manifest a guide may open.
    defineField({
      name: 'guide_ids',
      title: 'Guides (staff account ids)',
      type: 'array',
      of: [{type: 'string'}],
    }),
    defineField({name: 'resource_id', title: 'Resource (id)', type: 'string'}),
    defineField({name: 'assigned_by', title: 'Assigned by', type: 'string'}),
    defineField({name: 'assigned_by_id', title: 'Assigned by (account id)', type: 'string'}),
    defineField({name: 'assigned_at', title: 'Assigned at', type: 'datetime'}),
  ],
  preview: {
    select: {title: 'experience_id', subtitle: 'date'},
  },
})
