import {EnvelopeIcon} from '@sanity/icons/Envelope'
import {createElement} from 'react'
import {defineField, defineType, type ValidationContext} from 'sanity'

import {
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_TYPE,
  mailTemplateKind,
  templateBodyProblems,
  templateSubjectProblems,
} from '@repo/schemas/mail-templates.ts'

import {
  AllowedPlaceholders,
  MailTemplateBodyInput,
  mailTemplateKindOf,
} from '../components/MailTemplatePreview'

/**
 * The text of one mail the business sends (docs/decisions/019-editors-own-the-mail-texts.md). One document per kind,
 * with the fixed id `mailTemplate-<kind>`, opened from "Mail templates" in the structure and never created or deleted
 * here: the functions find each by its kind, and fall back to the default text while one is missing.
 */

/**
 * Unknown placeholders and stray braces are errors, and so is a text without a placeholder its mail needs (the link
 * it asks the reader to open): a template that has one cannot be published.
 */
const placeholderRule =
  (problemsOf: typeof templateBodyProblems) => (value: unknown, context: ValidationContext) => {
    const kind = mailTemplateKindOf(context.document as {_id?: string; kind?: unknown})
    if (!kind || typeof value !== 'string') return true
    const problems = problemsOf(kind, value)
    return problems.length ? problems.join(' ') : true
  }

export const mailTemplate = defineType({
  name: MAIL_TEMPLATE_TYPE,
  title: 'Mail template',
  type: 'document',
  icon: EnvelopeIcon,
  fields: [
    defineField({
      name: 'kind',
      title: 'Mail',
      type: 'string',
      readOnly: true,
      description: 'Which mail this text is for, and who receives it.',
      options: {list: MAIL_TEMPLATE_KINDS.map(({kind, title}) => ({value: kind, title}))},
    }),
    defineField({
      name: 'subject',
      title: 'Subject',
      type: 'string',
      description: createElement(AllowedPlaceholders),
      validation: (rule) => [
        rule.required().error('A mail needs a subject.'),
        rule.max(200).warning('Mail programs cut long subjects short.'),
        rule.custom(placeholderRule(templateSubjectProblems)).error(),
      ],
    }),
    defineField({
      name: 'body',
      title: 'Text',
      type: 'text',
      rows: 14,
      description: createElement(AllowedPlaceholders, {
        intro:
          'Paragraphs are separated by a blank line; the signature from site settings is added at the end.',
      }),
      components: {input: MailTemplateBodyInput},
      validation: (rule) => [
        rule.required().error('A mail needs some text.'),
        rule.custom(placeholderRule(templateBodyProblems)).error(),
      ],
    }),
  ],
  preview: {
    select: {kind: 'kind', subject: 'subject'},
    prepare: ({kind, subject}) => ({
      title: (kind && mailTemplateKind(kind)?.title) || 'Mail template',
      subtitle: subject,
      media: EnvelopeIcon,
    }),
  },
})
