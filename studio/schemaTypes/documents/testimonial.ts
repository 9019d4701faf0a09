import {DoubleQuoteIcon} from '@sanity/icons/DoubleQuote'
import {defineField, defineType} from 'sanity'

/** A traveller's words: quote, initials and where they are from, for the home page. */
export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'document',
  icon: DoubleQuoteIcon,
  fields: [
    defineField({
      name: 'quote',
      title: 'Quote',
      type: 'text',
      rows: 4,
      validation: (rule) =>
        rule.required().max(400).error('Add the quote (400 characters at most).'),
    }),
    defineField({
      name: 'initials',
      title: 'Initials',
      type: 'string',
      description: 'We publish initials only, e.g. "S.M.".',
      validation: (rule) =>
        rule.required().max(12).error('Add the traveller’s initials (12 characters at most).'),
    }),
    defineField({
      name: 'location',
      title: 'Where they are from',
      type: 'string',
      validation: (rule) =>
        rule.required().error('Add where the traveller is from, e.g. "London, UK".'),
    }),
    defineField({
      name: 'experience',
      title: 'Experience',
      type: 'reference',
      to: [{type: 'experience'}],
      options: {disableNew: true},
    }),
  ],
  preview: {
    select: {quote: 'quote', initials: 'initials', location: 'location', media: 'experience.image'},
    prepare({quote, initials, location, media}) {
      return {
        title: quote ? `“${quote}”` : 'Empty testimonial',
        subtitle: [initials, location].filter(Boolean).join(', '),
        media: media ?? DoubleQuoteIcon,
      }
    },
  },
})
