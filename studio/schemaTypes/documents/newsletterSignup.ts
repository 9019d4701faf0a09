import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {defineField, defineType} from 'sanity'

/** A newsletter sign-up, in the private `bookings` dataset. Stored only with consent. */
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
