import {CogIcon} from '@sanity/icons/Cog'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {
  DEFAULT_CANCELLATION_TEXT,
  DEFAULT_REPLY_PROMISE,
  REASSURANCE_TEXT,
} from '@repo/schemas/content-rules.ts'
import {
  ACCEPTED_PROPOSAL_STATUSES,
  DEFAULT_ACCEPTED_PROPOSAL_STATUS,
} from '@repo/schemas/request-decisions.ts'
import {DEFAULT_REMINDER_HOURS, reminderHoursProblem} from '@repo/schemas/trip-reminders.ts'
import {DEFAULT_WAITLIST_HOLD_HOURS, waitlistHoldHoursProblem} from '@repo/schemas/waitlist.ts'
import {DEFAULT_REVIEW_REQUEST_DAYS, reviewRequestDaysProblem} from '@repo/schemas/reviews.ts'

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']
const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/

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
    {name: 'mail', title: 'Mail'},
    {name: 'requests', title: 'Requests'},
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
      name: 'replyPromise',
      title: 'Reply promise',
      type: 'string',
      group: 'promises',
      description:
        'When we answer a request, in one sentence. Shown on the home, booking and thank-you pages and in the request-received mail ({replyPromise}).',
      initialValue: DEFAULT_REPLY_PROMISE,
      validation: (rule) => rule.required().max(140),
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
      initialValue: 'Thanks — you’re on the list.',
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
    defineField({
      name: 'mailFromName',
      title: 'Sender name',
      type: 'string',
      group: 'mail',
      description:
        'The name travellers see as the sender of every mail, e.g. “Cape Curated”. Empty: the site name.',
      validation: (rule) => rule.max(80),
    }),
    defineField({
      name: 'mailFromAddress',
      title: 'Sender address',
      type: 'string',
      group: 'mail',
      description:
        'The address every mail comes from; replies to the traveller’s mails come back to it. Empty: the company email.',
      validation: (rule) =>
        rule.email().error('Enter a valid email address, e.g. hello@example.com.'),
    }),
    defineField({
      name: 'mailSignature',
      title: 'Signature',
      type: 'text',
      rows: 3,
      group: 'mail',
      description:
        'Added at the end of every mail, after the text of its template (Mail templates). Empty: “The <site name> team”.',
    }),
    defineField({
      name: 'acceptedProposalStatus',
      title: 'When a traveller accepts a proposed date',
      type: 'string',
      group: 'requests',
      description:
        'Confirm the booking at once (staff held the date when they proposed it), or send it back to staff to confirm.',
      options: {
        list: ACCEPTED_PROPOSAL_STATUSES.map(({value, title}) => ({value, title})),
        layout: 'radio',
      },
      initialValue: DEFAULT_ACCEPTED_PROPOSAL_STATUS,
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'reminderHoursBefore',
      title: 'Remind travellers before their trip (hours)',
      type: 'number',
      group: 'requests',
      description:
        'How long before a confirmed trip starts the reminder mail goes, with the meeting point, what to bring and how to reach you.',
      initialValue: DEFAULT_REMINDER_HOURS,
      validation: (rule) => rule.required().custom((value) => reminderHoursProblem(value) ?? true),
    }),
    defineField({
      name: 'waitlistHoldHours',
      title: 'Hold places for a waitlist offer (hours)',
      type: 'number',
      group: 'requests',
      description:
        'When places free up on a full date, the next traveller on its waitlist whose group fits is offered them, held for this long; then the next one is.',
      initialValue: DEFAULT_WAITLIST_HOLD_HOURS,
      validation: (rule) =>
        rule.required().custom((value) => waitlistHoldHoursProblem(value) ?? true),
    }),
    defineField({
      name: 'reviewRequestDaysAfter',
      title: 'Ask travellers for a review after their trip (days)',
      type: 'number',
      group: 'requests',
      description:
        'How many days after a confirmed trip the review request mail goes (from 08:00 Cape Town time), once per booking.',
      initialValue: DEFAULT_REVIEW_REQUEST_DAYS,
      validation: (rule) =>
        rule.required().custom((value) => reviewRequestDaysProblem(value) ?? true),
    }),
    defineField({
      name: 'responseTargetHours',
      title: 'Answer new requests within (working hours)',
      type: 'number',
      group: 'requests',
      description:
        'A new request not answered within this many working hours is flagged as waiting too long, on the dashboard and in the team’s daily list.',
      initialValue: 4,
      validation: (rule) =>
        rule
          .required()
          .integer()
          .min(1)
          .max(40)
          .error('Enter a whole number of hours from 1 to 40.'),
    }),
    defineField({
      name: 'workingHours',
      title: 'Working hours (Cape Town time)',
      type: 'object',
      group: 'requests',
      description:
        'When the team answers requests. Only these hours count towards the target above.',
      fields: [
        defineField({
          name: 'days',
          title: 'Days',
          type: 'array',
          of: [{type: 'number'}],
          options: {list: WEEKDAYS.map((title, index) => ({title, value: index + 1}))},
          initialValue: [1, 2, 3, 4, 5],
          validation: (rule) => rule.required().min(1).error('Choose at least one working day.'),
        }),
        defineField({
          name: 'start',
          title: 'From',
          type: 'string',
          description: '24-hour time, e.g. 08:00.',
          initialValue: '08:00',
          validation: (rule) =>
            rule.required().regex(TIME_OF_DAY).error('Use 24-hour time, e.g. 08:00.'),
        }),
        defineField({
          name: 'end',
          title: 'Until',
          type: 'string',
          description: '24-hour time, e.g. 17:00.',
          initialValue: '17:00',
          validation: (rule) =>
            rule.required().regex(TIME_OF_DAY).error('Use 24-hour time, e.g. 17:00.'),
        }),
      ],
      validation: (rule) =>
        rule.custom((value: {start?: string; end?: string} | undefined) =>
          // Only once both are times: a malformed one has its own message, and 'HH:mm' compares as text.
          value?.start &&
          value.end &&
          TIME_OF_DAY.test(value.start) &&
          TIME_OF_DAY.test(value.end) &&
          value.start >= value.end
            ? 'The working day must end after it starts.'
            : true,
        ),
    }),
  ],
  preview: {
    select: {title: 'siteName', subtitle: 'email'},
    prepare: ({title, subtitle}) => ({title: title ?? 'Site settings', subtitle, media: CogIcon}),
  },
})
