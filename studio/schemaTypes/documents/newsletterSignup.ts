import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'

/**
 * A newsletter sign-up, in the private `bookings` dataset. Stored only with consent; mailed only once the address
 * confirmed (double opt-in), and never again once it unsubscribed. Unconfirmed ones are removed after seven days.
 */
export const newsletterSignup = defineType({
  name: 'newsletterSignup',
  title: 'Newsletter sign-up',
  type: 'document',
  icon: EnvelopeIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'email',
      title: 'Email',
      type: 'string',
      validation: (rule) => rule.required().email(),
    }),
    defineField({
      name: 'consent',
      title: 'Consented to marketing email',
      type: 'boolean',
      validation: (rule) =>
        rule
          .required()
          .custom((consent) =>
            consent === true ? true : 'A sign-up is only stored with consent.',
          ),
    }),
    defineField({
      name: 'consented_at',
      title: 'Consented at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'status',
      title: 'Status',
      type: 'string',
      options: {
        list: [
          {title: 'Waiting for the address to confirm', value: 'pending'},
          {title: 'Confirmed', value: 'confirmed'},
          {title: 'Unsubscribed', value: 'unsubscribed'},
        ],
      },
    }),
    defineField({name: 'signed_up_at', title: 'Signed up at', type: 'datetime'}),
    defineField({name: 'confirmed_at', title: 'Confirmed at', type: 'datetime'}),
    defineField({name: 'unsubscribed_at', title: 'Unsubscribed at', type: 'datetime'}),
    defineField({name: 'consent_record', title: 'Consent given', type: 'consentRecord'}),
    // The pending confirmation link's secret half: never shown.
    defineField({name: 'confirm_nonce', title: 'Confirmation link', type: 'string', hidden: true}),
    defineField({
      name: 'source_page',
      title: 'Signed up on',
      type: 'string',
      description: 'The page path, e.g. "/".',
    }),
  ],
  orderings: [
    {
      title: 'Newest first',
      name: 'consentedAtDesc',
      by: [{field: 'consented_at', direction: 'desc'}],
    },
  ],
  preview: {
    select: {name: 'name', email: 'email', at: 'consented_at'},
    prepare({name, email, at}) {
      return {
        title: name ?? email ?? 'Unknown',
        subtitle: [email, at?.slice(0, 10)].filter(Boolean).join(' · '),
        media: EnvelopeIcon,
      }
    },
  },
})
