import {CheckmarkCircleIcon} from '@sanity/icons/CheckmarkCircle'
import {defineArrayMember, defineField, defineType} from 'sanity'

/**
 * What a request or sign-up kept of the consent given: the privacy notice's version in force (its words are in
 * the `consentVersion` document of that version), each box's words, and when. Written by the functions only.
 */
export const consentRecord = defineType({
  name: 'consentRecord',
  title: 'Consent given',
  type: 'object',
  icon: CheckmarkCircleIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'version',
      title: 'Privacy notice version',
      type: 'string',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'agreed_at',
      title: 'Agreed at',
      type: 'datetime',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'checkboxes',
      title: 'Boxes ticked',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'consentCheckbox',
          fields: [
            defineField({
              name: 'key',
              title: 'Box',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'text',
              title: 'Words',
              type: 'string',
              validation: (rule) => rule.required(),
            }),
          ],
          preview: {select: {title: 'text', subtitle: 'key'}},
        }),
      ],
    }),
  ],
  preview: {
    select: {version: 'version', at: 'agreed_at'},
    prepare: ({version, at}) => ({
      title: version ? `Privacy notice version ${String(version)}` : 'Consent given',
      subtitle: at ? String(at).slice(0, 16).replace('T', ' ') : undefined,
      media: CheckmarkCircleIcon,
    }),
  },
})
