import {BasketIcon} from '@sanity/icons/Basket'
import {defineArrayMember, defineField, defineType} from 'sanity'

const OCTO_STATES = ['on_hold', 'confirmed', 'cancelled', 'expired'] as const

/**
 * A reseller's booking through the OCTO API (functions/octo/bookings.ts, docs/decisions/200-octo-supplier-api.md):
 * written only by the OCTO routes and the hold-expiry job, in the private bookings dataset. Declared for the
 * generated types (typegen-only bookings workspace); the fields the capacity queries read keep the booking's names.
 */
export const octoBooking = defineType({
  name: 'octoBooking',
  title: 'Reseller booking',
  type: 'document',
  icon: BasketIcon,
  readOnly: true,
  fields: [
    defineField({name: 'uuid', title: 'Reseller uuid', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'reseller_id', title: 'Reseller', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'reseller_name', title: 'Reseller name', type: 'string', validation: (rule) => rule.required()}),
    defineField({
      name: 'state',
      title: 'State',
      type: 'string',
      options: {list: [...OCTO_STATES]},
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'request_hash', title: 'Request hash', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'product_id', title: 'Product (experience id)', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'experience_id', title: 'Experience (slug)', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'experience_title', title: 'Experience', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'date', title: 'Date', type: 'date', validation: (rule) => rule.required()}),
    defineField({name: 'preferred_time', title: 'Time', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'availability_id', title: 'Availability', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'availability_end', title: 'Availability ends', type: 'string'}),
    defineField({name: 'utc_cutoff', title: 'Cut-off', type: 'string'}),
    defineField({
      name: 'unit_items',
      title: 'Units',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'octoUnitItem',
          fields: [
            defineField({name: 'uuid', title: 'Uuid', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'unit_id', title: 'Unit', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'reseller_reference', title: 'Reseller reference', type: 'string'}),
          ],
        }),
      ],
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'pax_adults', title: 'Adults', type: 'number', validation: (rule) => rule.required()}),
    defineField({name: 'pax_children', title: 'Children', type: 'number', validation: (rule) => rule.required()}),
    defineField({name: 'pax_total', title: 'Travellers', type: 'number', validation: (rule) => rule.required()}),
    defineField({
      name: 'unit_price',
      title: 'Price per person (ZAR cents)',
      type: 'number',
      description: 'The price when the reseller held the places, as octo/pricing shows it on the booking.',
    }),
    defineField({name: 'reseller_reference', title: 'Reseller reference', type: 'string'}),
    defineField({name: 'supplier_reference', title: 'Our reference', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'notes', title: 'Notes', type: 'text'}),
    defineField({
      name: 'contact',
      title: 'Contact',
      type: 'object',
      fields: [
        defineField({name: 'full_name', title: 'Full name', type: 'string'}),
        defineField({name: 'first_name', title: 'First name', type: 'string'}),
        defineField({name: 'last_name', title: 'Last name', type: 'string'}),
        defineField({name: 'email', title: 'Email', type: 'string'}),
        defineField({name: 'phone', title: 'Phone', type: 'string'}),
        defineField({name: 'country', title: 'Country', type: 'string'}),
        defineField({name: 'notes', title: 'Notes', type: 'text'}),
        defineField({name: 'locales', title: 'Languages', type: 'array', of: [{type: 'string'}]}),
      ],
    }),
    defineField({name: 'created_at', title: 'Created at', type: 'datetime', validation: (rule) => rule.required()}),
    defineField({name: 'updated_at', title: 'Updated at', type: 'datetime', validation: (rule) => rule.required()}),
    defineField({name: 'hold_until', title: 'Held until', type: 'datetime', validation: (rule) => rule.required()}),
    defineField({name: 'confirmed_at', title: 'Confirmed at', type: 'datetime'}),
    defineField({name: 'cancelled_at', title: 'Cancelled at', type: 'datetime'}),
    defineField({name: 'cancel_reason', title: 'Cancellation reason', type: 'string'}),
    defineField({name: 'booking_id', title: 'Booking', type: 'string'}),
  ],
  preview: {
    select: {title: 'experience_title', date: 'date', state: 'state', reseller: 'reseller_name'},
    prepare: ({title, date, state, reseller}) => ({
      title,
      subtitle: `${reseller ?? ''} · ${date ?? ''} · ${state ?? ''}`,
    }),
  },
})
