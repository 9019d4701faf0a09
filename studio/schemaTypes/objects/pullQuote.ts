import {BlockquoteIcon} from '@sanity/icons/Blockquote'
import {defineField, defineType} from 'sanity'

/** A pull quote set large inside a story. */
export const pullQuote = defineType({
  name: 'pullQuote',
  title: 'Pull quote',
  type: 'object',
  icon: BlockquoteIcon,
  fields: [
    defineField({
      name: 'quote',
      title: 'Quote',
      type: 'text',
      rows: 3,
      validation: (rule) =>
        rule.required().max(300).error('Write the quote (300 characters at most).'),
    }),
    defineField({name: 'attribution', title: 'Who said it', type: 'string'}),
  ],
  preview: {
    select: {quote: 'quote', attribution: 'attribution'},
    prepare: ({quote, attribution}) => ({
      title: quote ? `“${quote}”` : 'Empty quote',
      subtitle: attribution,
      media: BlockquoteIcon,
    }),
  },
})
