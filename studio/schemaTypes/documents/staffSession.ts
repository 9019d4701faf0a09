import {LockIcon} from '@sanity/icons/Lock'
import {defineField, defineType} from 'sanity'

/**
 * A staff sign-in's session (functions/staff/staff-session-store.ts): its id is the SHA-256 of the cookie's session
 * id, never the id itself. Written only by the staff API, in the private bookings dataset; declared for the generated
 * types (typegen-only bookings workspace, docs/decisions/189).
 */
export const staffSession = defineType({
  name: 'staffSession',
  title: 'Staff session',
  type: 'document',
  icon: LockIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'personId',
      title: 'Person (account)',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'createdAt',
      title: 'Signed in at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'lastUsedAt',
      title: 'Last used at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'expiresAt',
      title: 'Expires at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'userAgent', title: 'Browser', type: 'string'}),
    defineField({name: 'reauthenticatedAt', title: 'Password or code given again at', type: 'datetime'}),
    defineField({name: 'revokedAt', title: 'Ended at', type: 'datetime'}),
  ],
  preview: {select: {title: 'personId', subtitle: 'lastUsedAt'}},
})
