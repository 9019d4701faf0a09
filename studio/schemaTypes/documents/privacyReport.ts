import {ClipboardIcon} from '@sanity/icons/Clipboard'
import {defineArrayMember, defineField, defineType} from 'sanity'

const count = (name: string, title: string) =>
  defineField({name, title, type: 'number', validation: (rule) => rule.required()})

/**
 * What the retention job or an erasure removed (functions/apply-retention/handler.ts `privacyReportDocument`,
 * functions/staff/privacy.ts): references and counts, never the personal details; what each site server removes
 * from its own disk (`disk_scrub`) and the servers that have (`disk_scrubbed`, apply-retention/disk-catch-up.ts).
 * Written only by the functions, in the private bookings dataset; declared for the generated types (typegen-only
 * bookings workspace, docs/decisions/189).
 */
export const privacyReport = defineType({
  name: 'privacyReport',
  title: 'Privacy report',
  type: 'document',
  icon: ClipboardIcon,
  readOnly: true,
  fields: [
    defineField({name: 'at', title: 'At', type: 'datetime', validation: (rule) => rule.required()}),
    defineField({
      name: 'trigger',
      title: 'Trigger',
      type: 'string',
      options: {list: ['retention', 'erasure']},
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'kind', title: 'Request kind (a traveller’s request)', type: 'string'}),
    defineField({name: 'by', title: 'Carried out by', type: 'string'}),
    defineField({name: 'by_id', title: 'Carried out by (account)', type: 'string'}),
    defineField({name: 'address_hash', title: 'Address (keyed hash)', type: 'string'}),
    defineField({
      name: 'requests',
      title: 'Requests anonymised',
      type: 'array',
      validation: (rule) => rule.required(),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'reportedRequest',
          fields: [
            defineField({name: 'type', title: 'Type', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'ref', title: 'Reference', type: 'string'}),
          ],
          preview: {select: {title: 'ref', subtitle: 'type'}},
        }),
      ],
    }),
    count('outboxMails', 'Mails'),
    count('eventLines', 'Events-log lines'),
    count('mailFiles', 'Sent-mail files'),
    count('backupLines', 'Backup lines'),
    count('purgedRecords', 'Records purged whole'),
    defineField({
      name: 'disk_scrub',
      title: 'What every server removes from its disk',
      type: 'object',
      validation: (rule) => rule.required(),
      fields: [
        defineField({
          name: 'anonymised_ids',
          title: 'Requests anonymised',
          type: 'array',
          of: [{type: 'string'}],
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'purged_ids',
          title: 'Documents purged',
          type: 'array',
          of: [{type: 'string'}],
          validation: (rule) => rule.required(),
        }),
        defineField({name: 'mail_ids', title: 'Mails purged', type: 'array', of: [{type: 'string'}]}),
        defineField({
          name: 'address_hashes',
          title: 'Addresses (keyed hashes)',
          type: 'array',
          of: [{type: 'string'}],
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'by_address',
          title: 'Everything naming the person',
          type: 'boolean',
          validation: (rule) => rule.required(),
        }),
        defineField({name: 'at', title: 'Anonymised at', type: 'datetime', validation: (rule) => rule.required()}),
      ],
    }),
    defineField({
      name: 'disk_scrubbed',
      title: 'Servers whose disk is done',
      type: 'array',
      validation: (rule) => rule.required(),
      of: [
        defineArrayMember({
          type: 'object',
          name: 'diskScrubbed',
          fields: [
            defineField({name: 'server', title: 'Server', type: 'string', validation: (rule) => rule.required()}),
            defineField({name: 'at', title: 'At', type: 'datetime', validation: (rule) => rule.required()}),
            count('eventLines', 'Events-log lines'),
            count('mailFiles', 'Sent-mail files'),
            count('backupLines', 'Backup lines'),
          ],
          preview: {select: {title: 'server', subtitle: 'at'}},
        }),
      ],
    }),
    defineField({
      name: 'corrected',
      title: 'Corrected',
      type: 'object',
      fields: [
        defineField({
          name: 'fields',
          title: 'Fields',
          type: 'array',
          of: [{type: 'string'}],
          validation: (rule) => rule.required(),
        }),
        count('documents', 'Documents'),
      ],
    }),
    defineField({
      name: 'proof_ids',
      title: 'Documents whose history the proof read',
      type: 'array',
      of: [{type: 'string'}],
    }),
    defineField({
      name: 'proof',
      title: 'Proof search',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'proofPlace',
          fields: [
            defineField({name: 'place', title: 'Place', type: 'string', validation: (rule) => rule.required()}),
            count('searched', 'Searched'),
            count('found', 'Found'),
          ],
          preview: {select: {title: 'place'}},
        }),
      ],
    }),
  ],
  preview: {select: {title: 'trigger', subtitle: 'at'}},
})
