import {LinkIcon} from '@sanity/icons/Link'
import {defineField, defineType} from 'sanity'

export const socialLink = defineType({
  name: 'socialLink',
  title: 'Social link',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'platform',
      title: 'Platform',
      type: 'string',
      options: {
        list: [
          'Instagram',
          'Facebook',
          'TikTok',
          'YouTube',
          'LinkedIn',
          'X',
          'WhatsApp',
          'Tripadvisor',
        ],
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'url',
      title: 'Address',
      type: 'url',
      validation: (rule) =>
        rule
          .required()
          .uri({scheme: ['https']})
          .error('Enter the full https:// address.'),
    }),
  ],
  preview: {
    select: {title: 'platform', subtitle: 'url'},
    prepare: ({title, subtitle}) => ({title, subtitle, media: LinkIcon}),
  },
})
