import {
  type ConditionalPropertyCallbackContext,
  defineArrayMember,
  defineField,
  type SanityDocument,
  type ValidationContext,
} from 'sanity'

import {BOOKING_STATUSES} from '@repo/schemas/booking-status.ts'

/** API version the studio's own validation queries use. */
export const STUDIO_API_VERSION = '2025-02-19'

type ImageFieldOptions = {
  name?: string
  title?: string
  description?: string
  required?: boolean
  group?: string
}

/**
 * An image with hotspot and a required alt text: the site cannot show an image without alt text (accessibility),
 * so an editor cannot publish one.
 */
export function imageWithAltField({
  name = 'image',
  title = 'Image',
  description,
  required = true,
  group,
}: ImageFieldOptions = {}) {
  return defineField({
    name,
    title,
    type: 'image',
    description,
    group,
    options: {hotspot: true},
    fields: [
      defineField({
        name: 'alt',
        title: 'Alternative text',
        type: 'string',
        description:
          'Describe the picture for people who cannot see it, e.g. "Hikers on Lion’s Head at sunset".',
        validation: (rule) =>
          rule.custom((alt, context) => {
            const parent = context.parent as {asset?: unknown} | undefined
            if (!parent?.asset) return true
            return typeof alt === 'string' && alt.trim().length > 0
              ? true
              : 'Add alternative text: the site will not show an image without it.'
          }),
      }),
    ],
    validation: required
      ? (rule) => rule.required().error('Add an image: this page has no picture without it.')
      : undefined,
  })
}

/** The published and draft ids of the document being validated, for "is it unique?" queries. */
export function documentIds(context: ValidationContext): {published: string; draft: string} {
  const id = context.document?._id ?? ''
  const published = id.replace(/^drafts\./, '')
  return {published, draft: `drafts.${published}`}
}

/** A plain text list (array of strings) field. */
export function stringListField(options: {
  name: string
  title: string
  description?: string
  group?: string
  min?: number
}) {
  const {min, ...rest} = options
  return defineField({
    ...rest,
    type: 'array',
    of: [{type: 'string'}],
    validation: min
      ? (rule) =>
          rule
            .required()
            .min(min)
            .error(`Add at least ${min} item${min === 1 ? '' : 's'}.`)
      : undefined,
  })
}

/**
 * Whether a booking's trip is confirmed as stored: its history's last entry, which only the document actions and
 * the servers write (a status chosen in the form but not yet published has no entry).
 */
const confirmedAsStored = (document: SanityDocument | undefined) =>
  (document?.status_history as {status?: string}[] | undefined)?.at(-1)?.status === 'confirmed'

/**
 * The staff's fields on anything a traveller sends (bookings, itinerary requests): status, its
 * history, internal notes and when it arrived. Both are triaged the same way.
 */
export function triageFields(noun: 'booking' | 'request') {
  return [
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      group: 'triage',
      options: {list: BOOKING_STATUSES.map(({value, title}) => ({value, title})), layout: 'radio'},
      initialValue: 'new',
      // A confirmed trip is in the traveller's calendar: it is cancelled with Decline, or on the dashboard, which
      // tell the traveller and send the calendar's cancellation. A radio changed here would do neither.
      ...(noun === 'booking'
        ? {
            readOnly: ({document}: ConditionalPropertyCallbackContext) =>
              confirmedAsStored(document),
            description:
              'A confirmed trip is cancelled with Decline or on the staff dashboard, so the traveller is told.',
          }
        : {}),
      validation: (rule) => rule.required().error(`Every ${noun} needs a status.`),
    }),
    defineField({
      name: 'status_history',
      title: 'Status history',
      type: 'array',
      group: 'triage',
      // Who changed what and when, as the actions and the servers recorded it: not edited by hand.
      readOnly: true,
      of: [defineArrayMember({type: 'statusChange'})],
    }),
    defineField({
      name: 'staff_notes',
      title: 'Staff notes',
      type: 'text',
      rows: 4,
      group: 'triage',
      description: 'Internal only: never shown to the traveller.',
    }),
    defineField({
      name: 'created_at',
      title: 'Received',
      type: 'datetime',
      group: 'triage',
      readOnly: true,
      validation: (rule) => rule.required(),
    }),
    // Written by the website (functions/lib/idempotency.ts); declared so the studio shows no "unknown field".
    defineField({
      name: 'request_hash',
      title: 'Request fingerprint',
      type: 'string',
      description:
        'Tells a retry of this request from a different request sent under the same key.',
      hidden: true,
      readOnly: true,
    }),
  ]
}
