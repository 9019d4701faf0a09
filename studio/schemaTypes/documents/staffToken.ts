import {LockIcon} from '@sanity/icons/Lock'
import {defineField, defineType} from 'sanity'

/**
 * An invitation's or a password reset's single-use link (functions/staff/staff-tokens.ts): its id is the SHA-256
 * of the token, never the token. Written only by the staff API, in the private bookings dataset; declared for the
 * generated types (typegen-only bookings workspace, docs/decisions/189).
 */
export const staffToken = defineType({
  name: 'staffToken',
  title: 'Staff invitation or reset link',
  type: 'document',
  icon: LockIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'purpose',
      title: 'Purpose',
      type: 'string',
      options: {list: ['invite', 'reset']},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'personId',
      title: 'Person (account)',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'createdAt',
      title: 'Created at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'expiresAt',
      title: 'Expires at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'usedAt', title: 'Used at', type: 'datetime'}),
  ],
  preview: {select: {title: 'purpose', subtitle: 'personId'}},
})
