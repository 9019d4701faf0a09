import {ClipboardIcon} from '@sanity/icons/Clipboard'
import {defineField, defineType} from 'sanity'

/**
 * The day's decision about the team's digest of waiting requests (docs/decisions/014-nothing-waits-unseen.md),
 * written by a site server with the digest's mail in one transaction. Its fixed id (`digest-<day>`) makes it the
 * lock: a second server's `create` fails, so the team gets one digest a day however many servers run. Read-only here.
 */
export const teamDigest = defineType({
  name: 'teamDigest',
  title: 'Daily digest',
  type: 'document',
  icon: ClipboardIcon,
  readOnly: true,
  fields: [
    defineField({name: 'day', title: 'Day', type: 'date'}),
    defineField({name: 'decided_at', title: 'Decided at', type: 'datetime'}),
    defineField({
      name: 'references',
      title: 'Requests listed',
      type: 'array',
      of: [{type: 'string'}],
      description: 'Empty when nothing waited too long: no mail was sent that day.',
    }),
  ],
  preview: {
    select: {title: 'day', references: 'references'},
    prepare: ({title, references}) => ({
      title,
      subtitle: `${(references ?? []).length} waiting`,
      media: ClipboardIcon,
    }),
  },
})
