import {UsersIcon} from '@sanity/icons/Users'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {STAFF_ROLES, STAFF_STATES} from '@repo/schemas/staff-roles.ts'

/**
 * A person with a staff account (functions/staff/staff-accounts.ts): written only by the staff API, in the private
 * bookings dataset. Declared for the generated types (typegen-only bookings workspace, docs/decisions/189): the
 * password is kept as its scrypt hash, recovery codes as SHA-256, a passkey as its public key.
 */
export const staffMember = defineType({
  name: 'staffMember',
  title: 'Staff member',
  type: 'document',
  icon: UsersIcon,
  readOnly: true,
  fields: [
    defineField({name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required()}),
    defineField({
      name: 'email',
      title: 'Email',
      type: 'string',
      description: 'Empty for the first owner until they give one.',
    }),
    defineField({
      name: 'role',
      title: 'Role',
      type: 'string',
      options: {list: [...STAFF_ROLES]},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'state',
      title: 'State',
      type: 'string',
      options: {list: [...STAFF_STATES]},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'password',
      title: 'Password (scrypt hash)',
      type: 'object',
      hidden: true,
      fields: [
        defineField({name: 'salt', title: 'Salt', type: 'string', validation: (rule) => rule.required()}),
        defineField({name: 'hash', title: 'Hash', type: 'string', validation: (rule) => rule.required()}),
      ],
    }),
    defineField({name: 'passwordChangedAt', title: 'Password changed at', type: 'datetime'}),
    defineField({
      name: 'createdAt',
      title: 'Created at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'changedAt', title: 'Changed at', type: 'datetime'}),
    defineField({name: 'changedBy', title: 'Changed by (account)', type: 'string'}),
    defineField({
      name: 'secondStep',
      title: 'Second step (authenticator app)',
      type: 'object',
      hidden: true,
      fields: [
        defineField({name: 'secret', title: 'Secret', type: 'string', validation: (rule) => rule.required()}),
        defineField({
          name: 'enabledAt',
          title: 'Enabled at',
          type: 'datetime',
          validation: (rule) => rule.required(),
        }),
        defineField({
          name: 'lastStep',
          title: 'Last time step used',
          type: 'number',
          validation: (rule) => rule.required(),
        }),
      ],
    }),
    defineField({name: 'pendingSecondStep', title: 'Second step being set up', type: 'string', hidden: true}),
    defineField({
      name: 'recoveryCodes',
      title: 'Recovery codes (SHA-256)',
      type: 'array',
      hidden: true,
      of: [
        defineArrayMember({
          type: 'object',
          name: 'recoveryCode',
          fields: [
            defineField({name: 'hash', title: 'Hash', type: 'string', validation: (rule) => rule.required()}),
          ],
        }),
      ],
    }),
    defineField({name: 'secondStepResetAt', title: 'Second step reset at', type: 'datetime'}),
    defineField({
      name: 'passkeys',
      title: 'Passkeys',
      type: 'array',
      hidden: true,
      of: [
        defineArrayMember({
          type: 'object',
          name: 'staffPasskey',
          fields: [
            defineField({name: 'id', title: 'Credential id', type: 'string', validation: (rule) => rule.required()}),
            defineField({
              name: 'publicKey',
              title: 'Public key',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
            defineField({name: 'counter', title: 'Counter', type: 'number', validation: (rule) => rule.required()}),
            defineField({name: 'transports', title: 'Transports', type: 'array', of: [{type: 'string'}]}),
            defineField({
              name: 'createdAt',
              title: 'Added at',
              type: 'datetime',
              validation: (rule) => rule.required(),
            }),
            defineField({name: 'lastUsedAt', title: 'Last used at', type: 'datetime'}),
          ],
          preview: {select: {title: 'createdAt'}},
        }),
      ],
    }),
  ],
  preview: {select: {title: 'name', subtitle: 'role'}},
})
