import {UsersIcon} from '@sanity/icons/Users'
import {defineField, defineType} from 'sanity'

/**
 * A reseller of the OCTO API and its key's hash (functions/octo/resellers.ts, docs/decisions/200-octo-supplier-api.md):
 * written only by `npm run resellers`, in the private bookings dataset. Declared for the generated types
 * (typegen-only bookings workspace); the key itself is never stored.
 */
export const reseller = defineType({
  name: 'reseller',
  title: 'Reseller',
  type: 'document',
  icon: UsersIcon,
  readOnly: true,
  fields: [
    defineField({name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required()}),
    defineField({name: 'contact', title: 'Contact', type: 'string'}),
    defineField({
      name: 'experiences',
      title: 'Experiences it may sell (document ids; none: every one opened to resellers)',
      type: 'array',
      of: [{type: 'string'}],
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'key_hash',
      title: 'Key (SHA-256)',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'key_prefix',
      title: 'Key begins',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'created_at',
      title: 'Created at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'created_by',
      title: 'Created by',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'revoked_at', title: 'Revoked at', type: 'datetime'}),
    defineField({name: 'revoked_by', title: 'Revoked by', type: 'string'}),
    defineField({name: 'key_rotated_at', title: 'Key replaced at', type: 'datetime'}),
    defineField({name: 'key_rotated_by', title: 'Key replaced by', type: 'string'}),
  ],
  preview: {select: {title: 'name', subtitle: 'key_prefix'}},
})
