import {LockIcon} from '@sanity/icons/Lock'
import {defineField, defineType} from 'sanity'

import {PRIVACY_REQUEST_KINDS} from '@repo/schemas/privacy-request-kinds.ts'

/**
 * A traveller's request about their own information (functions/privacy-requests/handler.ts): its links kept as
 * SHA-256 only, and once carried out only the address's keyed hash. Written only by the functions, in the private
 * bookings dataset; declared for the generated types (typegen-only bookings workspace, docs/decisions/189).
 */
export const privacyRequest = defineType({
  name: 'privacyRequest',
  title: 'Privacy request',
  type: 'document',
  icon: LockIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'kind',
      title: 'Kind',
      type: 'string',
      options: {list: [...PRIVACY_REQUEST_KINDS]},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'email',
      title: 'Email',
      type: 'string',
      description: 'Until the request is carried out.',
    }),
    defineField({name: 'correction', title: 'Correction asked for', type: 'text'}),
    defineField({
      name: 'address_hash',
      title: 'Address (keyed hash)',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      options: {list: ['unconfirmed', 'confirmed', 'done']},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'created_at',
      title: 'Received at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'confirm_token_hash', title: 'Confirmation link (SHA-256)', type: 'string', hidden: true}),
    defineField({name: 'confirm_expires_at', title: 'Confirmation link expires at', type: 'datetime'}),
    defineField({name: 'confirmed_at', title: 'Confirmed at', type: 'datetime'}),
    defineField({name: 'download_token_hash', title: 'Download link (SHA-256)', type: 'string', hidden: true}),
    defineField({name: 'download_expires_at', title: 'Download link expires at', type: 'datetime'}),
    defineField({name: 'done_at', title: 'Carried out at', type: 'datetime'}),
    defineField({name: 'done_by', title: 'Carried out by', type: 'string'}),
    defineField({name: 'done_by_id', title: 'Carried out by (account)', type: 'string'}),
  ],
  preview: {select: {title: 'kind', subtitle: 'status'}},
})
