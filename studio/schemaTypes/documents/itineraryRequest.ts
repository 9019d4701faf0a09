import {ComposeIcon} from '@sanity/icons/Compose'
import {
  defineArrayMember,
  defineField,
  defineType,
  type ConditionalPropertyCallbackContext,
} from 'sanity'

import {bookingStatusTitle} from '@repo/schemas/booking-status.ts'
import {
  ACCOMMODATION_OPTIONS,
  GROUP_SIZES,
  INTERESTS,
  LEAD_SOURCES,
  SAFARI_OPTIONS,
  TRIP_DURATIONS,
  TRIP_TYPES,
  WIZARD_PACKAGES,
  WIZARD_TRAVELLERS,
} from '@repo/schemas/enumerations.ts'

import {triageFields} from '../../lib/fields'

const list = (options: readonly {value: string; title: string}[]) => ({
  list: options.map(({value, title}) => ({value, title})),
})

const sourceOf = ({document}: ConditionalPropertyCallbackContext) =>
  (document as {source?: string} | undefined)?.source
const wizardOnly = (context: ConditionalPropertyCallbackContext) => sourceOf(context) !== 'wizard'
const questionnaireOnly = (context: ConditionalPropertyCallbackContext) =>
  sourceOf(context) !== 'questionnaire'

/**
 * A bespoke-trip lead from the questionnaire or the inline booking wizard, in the private `bookings` dataset. The
 * spec's form fields are stored in snake_case, like `booking`.
 */
export const itineraryRequest = defineType({
  name: 'itineraryRequest',
  title: 'Itinerary request',
  type: 'document',
  icon: ComposeIcon,
  groups: [
    {name: 'triage', title: 'Status', default: true},
    {name: 'request', title: 'Request'},
  ],
  fields: [
    defineField({
      name: 'request_ref',
      title: 'Reference',
      type: 'string',
      group: 'triage',
      readOnly: true,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'source',
      title: 'Came from',
      type: 'string',
      group: 'triage',
      readOnly: true,
      options: {...list(LEAD_SOURCES), layout: 'radio'},
      validation: (rule) => rule.required(),
    }),
    ...triageFields('request'),
    // Both forms
    defineField({
      name: 'email',
      title: 'Email',
      type: 'string',
      group: 'request',
      readOnly: true,
      validation: (rule) => rule.required().email(),
    }),
    // Questionnaire
    defineField({
      name: 'first_name',
      title: 'First name',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
    }),
    defineField({
      name: 'last_name',
      title: 'Last name',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
    }),
    defineField({
      name: 'newsletter',
      title: 'Wants the newsletter',
      type: 'boolean',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
    }),
    defineField({
      name: 'consent_record',
      title: 'Consent given',
      type: 'consentRecord',
      group: 'request',
      readOnly: true,
    }),
    defineField({
      name: 'trip_type',
      title: 'Trip type',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
      options: list(TRIP_TYPES),
    }),
    defineField({
      name: 'preferred_date',
      title: 'Preferred date',
      type: 'date',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
    }),
    defineField({
      name: 'duration',
      title: 'Trip length',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
      options: list(TRIP_DURATIONS),
    }),
    defineField({
      name: 'group_size',
      title: 'Group size',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
      options: list(GROUP_SIZES),
    }),
    defineField({
      name: 'interests',
      title: 'Interests',
      type: 'array',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
      of: [defineArrayMember({type: 'string'})],
      options: {...list(INTERESTS), layout: 'grid'},
    }),
    defineField({
      name: 'safari',
      title: 'Safari',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
      options: list(SAFARI_OPTIONS),
    }),
    defineField({
      name: 'accommodation',
      title: 'Accommodation',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
      options: list(ACCOMMODATION_OPTIONS),
    }),
    defineField({
      name: 'additional_info',
      title: 'Additional information',
      type: 'text',
      rows: 4,
      group: 'request',
      readOnly: true,
      hidden: questionnaireOnly,
    }),
    // Wizard
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: wizardOnly,
    }),
    defineField({
      name: 'phone',
      title: 'Phone',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: wizardOnly,
    }),
    defineField({
      name: 'travelers',
      title: 'Travellers',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: wizardOnly,
      options: list(WIZARD_TRAVELLERS),
    }),
    defineField({
      name: 'start_date',
      title: 'Start date',
      type: 'date',
      group: 'request',
      readOnly: true,
      hidden: wizardOnly,
    }),
    defineField({
      name: 'package_type',
      title: 'Package',
      type: 'string',
      group: 'request',
      readOnly: true,
      hidden: wizardOnly,
      options: list(WIZARD_PACKAGES),
    }),
    defineField({
      name: 'special_requests',
      title: 'Special requests',
      type: 'text',
      rows: 3,
      group: 'request',
      readOnly: true,
      hidden: wizardOnly,
    }),
  ],
  orderings: [
    {title: 'Newest first', name: 'createdAtDesc', by: [{field: 'created_at', direction: 'desc'}]},
  ],
  preview: {
    select: {
      ref: 'request_ref',
      first: 'first_name',
      last: 'last_name',
      name: 'name',
      email: 'email',
      source: 'source',
      status: 'status',
    },
    prepare({ref, first, last, name, email, source, status}) {
      const who = name ?? ([first, last].filter(Boolean).join(' ') || email || 'Unknown traveller')
      return {
        title: `${ref ?? 'No reference'} · ${who}`,
        subtitle: [
          bookingStatusTitle(status ?? ''),
          source === 'wizard' ? 'Booking wizard' : 'Questionnaire',
        ].join(' · '),
        media: ComposeIcon,
      }
    },
  },
})
