import {LinkIcon} from '@sanity/icons/Link'
import {defineField, defineType} from 'sanity'

/**
 * The private link from a booking to the review its traveller wrote (functions/submit-review/routes.ts): written
 * only by the review form, in the private bookings dataset, and purged with an erasure (functions/lib/erase-reviews.ts).
 * Declared for the generated types (typegen-only bookings workspace).
 */
export const bookingReview = defineType({
  name: 'bookingReview',
  title: 'Review of a booking',
  type: 'document',
  icon: LinkIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'booking_id',
      title: 'Booking',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'review_id',
      title: 'Review (public dataset)',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'submitted_at',
      title: 'Sent at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {select: {title: 'booking_id', subtitle: 'submitted_at'}},
})
