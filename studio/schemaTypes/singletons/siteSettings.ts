import {CogIcon} from '@sanity/icons/Cog'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {
  BOOKING_PAGE_CONFIRMATION_PROMISE,
  DEFAULT_CANCELLATION_TEXT,
  REASSURANCE_TEXT,
  THANK_YOU_CONFIRMATION_PROMISE,
} from '@repo/schemas/content-rules.ts'

/** Company details and the texts used on many pages. A singleton: `_id` "siteSettings". */
export const siteSettings = defineType({
  name: 'siteSettings',
  title: 'Site settings',
  type: 'document',
  icon: CogIcon,
  groups: [
    {name: 'company', title: 'Company', default: true},
    {name: 'promises', title: 'Promises & policies'},
    {name: 'newsletter', title: 'Newsletter'},
    {name: 'footer', title: 'Navigation & footer'},
  ],
  fields: [
    defineField({
      name: 'siteName',
      title: 'Site name',
      type: 'string',
      group: 'company',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'tagline', title: 'Tagline', type: 'string', group: 'company'}),
    defineField({
      name: 'description',
      title: 'Site description',
      type: 'text',
      rows: 2,
      group: 'company',
      description: 'Used by search engines and link previews (about 155 characters).',
      validation: (rule) => rule.required().max(200),
    }),
    defineField({
      name: 'email',
      title: 'Company email',
      type: 'string',
      group: 'company',
      description: 'Planner links (mailto) and booking replies use it.',
      validation: (rule) => rule.required().email().error('Enter a valid email address.'),
    }),
    defineField({
      name: 'phone',
      title: 'Phone',
      type: 'string',
      group: 'company',
      description: 'International format, e.g. +27 21 555 0142.',
      validation: (rule) =>
        rule
          .required()
          .regex(/^\+[0-9 ]{8,20}$/, {name: 'international phone number'})
          .error('Use the international format, e.g. +27 21 555 0142.'),
    }),
    defineField({
      name: 'whatsapp',
      title: 'WhatsApp number',
      type: 'string',
      group: 'company',
      description: 'Digits only with country code, as wa.me expects, e.g. 27825550142.',
      validation: (rule) =>
        rule.regex(/^[1-9][0-9]{7,14}$/).error('Digits only, starting with the country code.'),
    }),
    defineField({name: 'address', title: 'Address or area', type: 'string', group: 'company'}),
    defineField({name: 'officeHours', title: 'Office hours', type: 'string', group: 'company'}),
    defineField({
      name: 'bookingConfirmationPromise',
      title: 'Confirmation promise (booking page)',
      type: 'string',
      group: 'promises',
      initialValue: BOOKING_PAGE_CONFIRMATION_PROMISE,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'thankYouConfirmationPromise',
      title: 'Confirmation promise (thank-you page)',
      type: 'string',
      group: 'promises',
      initialValue: THANK_YOU_CONFIRMATION_PROMISE,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'reassuranceText',
      title: 'Reassurance text',
      type: 'string',
      group: 'promises',
      description: 'Shown beside every request button.',
      initialValue: REASSURANCE_TEXT,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'defaultCancellationText',
      title: 'Default cancellation text',
      type: 'text',
      rows: 2,
      group: 'promises',
      initialValue: DEFAULT_CANCELLATION_TEXT,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'newsletterHeading',
      title: 'Heading',
      type: 'string',
      group: 'newsletter',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'newsletterText',
      title: 'Text',
      type: 'text',
      rows: 2,
      group: 'newsletter',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'newsletterConsentLabel',
      title: 'Consent checkbox label',
      type: 'string',
      group: 'newsletter',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'newsletterButtonLabel',
      title: 'Button label',
      type: 'string',
      group: 'newsletter',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'newsletterSuccessMessage',
      title: 'Success message',
      type: 'string',
      group: 'newsletter',
      initialValue: "Thanks — you're on the list.",
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'bookButtonLabel',
      title: 'Navigation button label',
      type: 'string',
      group: 'footer',
      initialValue: 'Book Experience',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'footerBlurb',
      title: 'Footer text',
      type: 'text',
      rows: 2,
      group: 'footer',
    }),
    defineField({
      name: 'socialLinks',
      title: 'Social links',
      type: 'array',
      group: 'footer',
      of: [defineArrayMember({type: 'socialLink'})],
    }),
  ],
  preview: {
    select: {title: 'siteName', subtitle: 'email'},
    prepare: ({title, subtitle}) => ({title: title ?? 'Site settings', subtitle, media: CogIcon}),
  },
})
