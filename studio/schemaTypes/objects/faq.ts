import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {defineField, defineType} from 'sanity'

/** One question and answer in an experience's FAQ list (`faqs[]`: q and a). */
export const faq = defineType({
  name: 'faq',
  title: 'FAQ',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    defineField({
      name: 'question',
      title: 'Question',
      type: 'string',
      validation: (rule) =>
        rule.required().max(160).error('Write the question (160 characters at most).'),
    }),
    defineField({
      name: 'answer',
      title: 'Answer',
      type: 'text',
      rows: 3,
      validation: (rule) =>
        rule.required().max(800).error('Write the answer (800 characters at most).'),
    }),
  ],
  preview: {
    select: {title: 'question', subtitle: 'answer'},
    prepare: ({title, subtitle}) => ({
      title: title ?? 'New question',
      subtitle,
      media: HelpCircleIcon,
    }),
  },
})
