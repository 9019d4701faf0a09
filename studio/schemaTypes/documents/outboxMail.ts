import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'

/**
 * A mail the site sends (a booking's acknowledgement, the team's notifications), written only by the functions'
 * outbox (`functions/lib/mailer.ts`, docs/decisions/010-the-mail-outbox-in-the-lake.md). Its state is here rather
 * than on one server's disk, so every site server shares one outbox: a server claims a message with the lake's
 * revision check before sending it, and a claim left by a server that died is taken over once it times out. Sent
 * mails are removed after 90 days.
 */
export const outboxMail = defineType({
  name: 'outboxMail',
  title: 'Mail',
  type: 'document',
  icon: EnvelopeIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'mail_id',
      title: 'Mail id',
      type: 'string',
      description: 'The document it is about and the kind of mail; also its Message-ID.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'about',
      title: 'About',
      type: 'string',
      description: 'The id of the booking, trip request or sign-up.',
    }),
    defineField({name: 'to', title: 'To', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'reply_to', title: 'Reply to', type: 'string'}),
    defineField({name: 'from', title: 'From', type: 'string'}),
    defineField({
      name: 'subject',
      title: 'Subject',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'text', title: 'Text', type: 'text', validation: (rule) => rule.required()}),
    defineField({name: 'html', title: 'HTML', type: 'text', validation: (rule) => rule.required()}),
    defineField({
      name: 'calendar_method',
      title: 'Calendar invitation',
      type: 'string',
      description:
        'REQUEST adds or updates the trip in the traveller’s calendar; CANCEL removes it.',
      options: {list: ['REQUEST', 'CANCEL']},
    }),
    defineField({name: 'calendar', title: 'Calendar file (.ics)', type: 'text'}),
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      options: {
        list: [
          {title: 'Queued', value: 'pending'},
          {title: 'Sending', value: 'sending'},
          {title: 'Sent', value: 'sent'},
          {title: 'Failed', value: 'failed'},
        ],
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'attempts',
      title: 'Attempts',
      type: 'number',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'queued_at',
      title: 'Queued at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'next_attempt_at',
      title: 'Next attempt at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'claimed_until', title: 'Claimed until', type: 'datetime'}),
    defineField({name: 'claimed_by', title: 'Claimed by (server)', type: 'string'}),
    defineField({name: 'sent_at', title: 'Sent at', type: 'datetime'}),
    defineField({name: 'last_error', title: 'Last error', type: 'text'}),
    // Written by the outbox (functions/lib/mailer.ts OutboxMailDocument), named here so the generated types know them.
    defineField({name: 'list_unsubscribe', title: 'List-Unsubscribe', type: 'string'}),
    defineField({
      name: 'redacted',
      title: 'As kept after sending',
      type: 'object',
      fields: [
        defineField({
          name: 'text',
          title: 'Text',
          type: 'text',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'html',
          title: 'HTML',
          type: 'text',
          validation: (rule) => rule.required(),
        }),
      ],
    }),
    defineField({name: 'sealed_link', title: 'Sealed link', type: 'string'}),
    defineField({name: 'purge_when_done', title: 'Purge once sent or given up', type: 'boolean'}),
  ],
  preview: {
    select: {subject: 'subject', status: 'status'},
    prepare: ({subject, status}) => ({
      title: subject,
      subtitle: status,
    }),
  },
})
