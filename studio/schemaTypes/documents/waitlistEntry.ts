import {UsersIcon} from '@sanity/icons/Users'
import {defineField, defineType} from 'sanity'

import {WAITLIST_STATES} from '@repo/schemas/waitlist-entries.ts'

/**
 * A place in line for a full departure (functions/waitlist): written only by the waitlist's functions and the staff
 * API, in the private bookings dataset. Declared for the generated types (typegen-only bookings workspace); the
 * fields the capacity queries read keep the booking's names.
 */
export const waitlistEntry = defineType({
  name: 'waitlistEntry',
  title: 'Waitlist place',
  type: 'document',
  icon: UsersIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'state',
      title: 'State',
      type: 'string',
      options: {list: [...WAITLIST_STATES]},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'experience_id',
      title: 'Experience (slug)',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'experience_title',
      title: 'Experience',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'date', title: 'Date', type: 'date', validation: (rule) => rule.required()}),
    defineField({
      name: 'preferred_time',
      title: 'Time',
      type: 'string',
      description: 'The slot, or empty for the day as a whole.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'pax_adults',
      title: 'Adults',
      type: 'number',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'pax_children',
      title: 'Children',
      type: 'number',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'pax_total',
      title: 'Travellers',
      type: 'number',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'email',
      title: 'Email',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'joined_at',
      title: 'Joined at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'offered_at', title: 'Offered at', type: 'datetime'}),
    defineField({name: 'hold_until', title: 'Places held until', type: 'datetime'}),
    defineField({name: 'lapsed_at', title: 'Lapsed at', type: 'datetime'}),
    defineField({name: 'booking_id', title: 'Booking', type: 'string'}),
    defineField({name: 'booked_at', title: 'Booked at', type: 'datetime'}),
    defineField({name: 'cancelled_at', title: 'Departure cancelled at', type: 'datetime'}),
    defineField({name: 'consent_waitlist', title: 'Agreed to the waitlist', type: 'boolean'}),
    defineField({name: 'consent_privacy', title: 'Agreed to the privacy notice', type: 'boolean'}),
  ],
  preview: {
    select: {title: 'experience_title', date: 'date', state: 'state'},
    prepare: ({title, date, state}) => ({title, subtitle: `${date ?? ''} · ${state ?? ''}`}),
  },
})
