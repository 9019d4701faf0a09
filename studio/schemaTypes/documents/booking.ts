import {InboxIcon} from '@sanity/icons/Inbox'
import {defineField, defineType} from 'sanity'

import {BOOKING_SOURCES} from '@repo/schemas/booking-source.ts'
import {bookingStatusTitle} from '@repo/schemas/booking-status.ts'
import {COUNTRIES, HOW_HEARD} from '@repo/schemas/enumerations.ts'
import {ATTENDANCE_STATES} from '@repo/schemas/guide-day.ts'

import {triageFields} from '../../lib/fields'

/**
 * A traveller's booking request, in the private `bookings` dataset. Field names are the spec's (§3, snake_case),
 * so the functions, the dashboard and the studio all say `booking_ref`, `pax_total`, `created_at`.
 * The functions write these documents; staff change the status, and add staff notes.
 */
const fromTraveller = {group: 'request', readOnly: true} as const

export const booking = defineType({
  name: 'booking',
  title: 'Booking request',
  type: 'document',
  icon: InboxIcon,
  groups: [
    {name: 'triage', title: 'Status', default: true},
    {name: 'request', title: 'Request'},
    {name: 'tracking', title: 'Tracking'},
  ],
  fields: [
    defineField({
      name: 'booking_ref',
      title: 'Reference',
      type: 'string',
      group: 'triage',
      readOnly: true,
      validation: (rule) => rule.required(),
    }),
    ...triageFields('booking'),
    defineField({
      name: 'experience_id',
      title: 'Experience id (slug)',
      type: 'string',
      ...fromTraveller,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'experience_title',
      title: 'Experience',
      type: 'string',
      ...fromTraveller,
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'category', title: 'Category', type: 'string', ...fromTraveller}),
    defineField({name: 'duration', title: 'Duration', type: 'string', ...fromTraveller}),
    defineField({
      name: 'date',
      title: 'Trip date',
      type: 'date',
      ...fromTraveller,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'preferred_time',
      title: 'Preferred time',
      type: 'string',
      ...fromTraveller,
    }),
    defineField({
      name: 'pax_adults',
      title: 'Adults',
      type: 'number',
      ...fromTraveller,
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({
      name: 'pax_children',
      title: 'Children',
      type: 'number',
      ...fromTraveller,
      validation: (rule) => rule.required().integer().min(0),
    }),
    defineField({
      name: 'pax_total',
      title: 'Total people',
      type: 'number',
      ...fromTraveller,
      validation: (rule) =>
        rule.required().custom((total, context) => {
          const doc = context.document as {pax_adults?: number; pax_children?: number} | undefined
          const sum = (doc?.pax_adults ?? 0) + (doc?.pax_children ?? 0)
          return total === sum ? true : `Total people should be adults + children (${sum}).`
        }),
    }),
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      ...fromTraveller,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'email',
      title: 'Email',
      type: 'string',
      ...fromTraveller,
      validation: (rule) => rule.required().email(),
    }),
    defineField({name: 'phone', title: 'Phone', type: 'string', ...fromTraveller}),
    defineField({
      name: 'country',
      title: 'Country',
      type: 'string',
      ...fromTraveller,
      options: {list: [...COUNTRIES]},
    }),
    defineField({
      name: 'pickup_location',
      title: 'Pickup location',
      type: 'string',
      ...fromTraveller,
    }),
    defineField({
      name: 'notes',
      title: 'Special requests (from the traveller)',
      type: 'text',
      rows: 3,
      ...fromTraveller,
    }),
    defineField({
      name: 'how_heard_about_us',
      title: 'How they heard about us',
      type: 'string',
      ...fromTraveller,
      options: {list: [...HOW_HEARD]},
    }),
    defineField({
      name: 'marketing_opt_in',
      title: 'Marketing opt-in',
      type: 'boolean',
      ...fromTraveller,
      initialValue: false,
    }),
    defineField({
      name: 'source',
      title: 'Source',
      description: 'Where the booking came from: the site’s form (empty), the team’s booking desk, or a reseller.',
      type: 'string',
      ...fromTraveller,
      options: {list: [...BOOKING_SOURCES]},
    }),
    defineField({
      name: 'language',
      title: 'Language',
      description: 'The traveller’s language, as a code (en, de, nl, fr).',
      type: 'string',
      ...fromTraveller,
    }),
    defineField({
      name: 'consent_booking',
      title: 'Accepted the booking terms',
      type: 'boolean',
      ...fromTraveller,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'consent_privacy',
      title: 'Accepted the privacy policy',
      type: 'boolean',
      ...fromTraveller,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'consent_record',
      title: 'Consent given',
      type: 'consentRecord',
      ...fromTraveller,
    }),
    defineField({
      name: 'utm_source',
      title: 'UTM source',
      type: 'string',
      group: 'tracking',
      readOnly: true,
    }),
    defineField({
      name: 'utm_medium',
      title: 'UTM medium',
      type: 'string',
      group: 'tracking',
      readOnly: true,
    }),
    defineField({
      name: 'utm_campaign',
      title: 'UTM campaign',
      type: 'string',
      group: 'tracking',
      readOnly: true,
    }),
    defineField({
      name: 'waitlist_entry',
      title: 'From the waitlist',
      type: 'string',
      group: 'tracking',
      description:
        'Asked for from a waitlist offer: its places stay held while the request waits for a decision.',
      readOnly: true,
    }),
    defineField({
      name: 'anonymised_at',
      title: 'Anonymised at',
      type: 'datetime',
      group: 'tracking',
      description:
        'When the traveller’s details were removed (retention or their request): only the trip is left.',
      readOnly: true,
    }),
    // A booking a reseller confirmed through OCTO (functions/octo/bookings.ts): who sold it, under which reference.
    defineField({name: 'reseller_id', title: 'Reseller', type: 'string', group: 'tracking', readOnly: true}),
    defineField({
      name: 'reseller_name',
      title: 'Reseller name',
      type: 'string',
      group: 'tracking',
      readOnly: true,
    }),
    defineField({
      name: 'reseller_reference',
      title: 'Reseller reference',
      type: 'string',
      group: 'tracking',
      readOnly: true,
    }),
    defineField({
      name: 'octo_booking',
      title: 'Reseller booking (OCTO)',
      type: 'string',
      group: 'tracking',
      readOnly: true,
    }),
    // Recorded by the guide's phone on the day (functions/staff/guide-day.ts): who came, who did not, by whom.
    defineField({
      name: 'attendance',
      title: 'Attendance',
      type: 'object',
      group: 'triage',
      readOnly: true,
      fields: [
        defineField({
          name: 'state',
          title: 'State',
          type: 'string',
          options: {list: [...ATTENDANCE_STATES]},
        }),
        defineField({name: 'at', title: 'Recorded at', type: 'datetime'}),
        defineField({name: 'by', title: 'Recorded by', type: 'string'}),
        defineField({name: 'by_id', title: 'Recorded by (account)', type: 'string'}),
      ],
    }),
  ],
  orderings: [
    {title: 'Newest first', name: 'createdAtDesc', by: [{field: 'created_at', direction: 'desc'}]},
  ],
  preview: {
    select: {
      ref: 'booking_ref',
      name: 'name',
      experience: 'experience_title',
      date: 'date',
      pax: 'pax_total',
      status: 'status',
    },
    prepare({ref, name, experience, date, pax, status}) {
      return {
        title: `${ref ?? 'No reference'} · ${name ?? 'Unknown traveller'}`,
        subtitle: [
          bookingStatusTitle(status ?? ''),
          experience,
          date,
          typeof pax === 'number' ? `${pax} pax` : null,
        ]
          .filter(Boolean)
          .join(' · '),
        media: InboxIcon,
      }
    },
  },
})
