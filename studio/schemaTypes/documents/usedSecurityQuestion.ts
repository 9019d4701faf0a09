import {CheckmarkCircleIcon} from '@sanity/icons/CheckmarkCircle'
import {defineField, defineType} from 'sanity'

/**
 * A security question a traveller's request has used (docs/decisions/009-used-security-questions-in-the-lake.md),
 * written only by the booking functions (`functions/lib/challenge.ts`). Its id comes from the question's nonce and is
 * created with `create`, which the Content Lake refuses when the id exists, so a solved question is taken once
 * whichever site server is asked. Removed once the question has expired. It holds no traveller's data: hashes and a
 * time.
 */
export const usedSecurityQuestion = defineType({
  name: 'usedSecurityQuestion',
  title: 'Used security question',
  type: 'document',
  icon: CheckmarkCircleIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'owner_hash',
      title: 'Request (hash)',
      type: 'string',
      description: 'A hash of the idempotency key (or id) of the request that used the question.',
    }),
    defineField({
      name: 'expires_at',
      title: 'Expires at',
      type: 'datetime',
      description: 'After this time the question is refused anyway, and this record is removed.',
    }),
  ],
  preview: {
    select: {title: 'owner_hash', subtitle: 'expires_at'},
  },
})
