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
    // The guides assigned to the departure (staff account ids): the only guides who see its manifest (issue 46).
    defineField({
      name: 'guide_ids',
      title: 'Guides (staff account ids)',
      type: 'array',
      of: [{type: 'string'}],
    }),
  ],
  preview: {
    select: {title: 'experience_id', subtitle: 'date'},
  },
})
