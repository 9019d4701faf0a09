import {BlockContentIcon} from '@sanity/icons/BlockContent'
import {ImageIcon} from '@sanity/icons/Image'
import {LinkIcon} from '@sanity/icons/Link'
import {PinIcon} from '@sanity/icons/Pin'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {LINK_RULE_MESSAGE, linkKind} from '@repo/schemas/safe-link.ts'

/**
 * Rich text for stories and the about page: headings, lists, links (web and to an experience), images with alt
 * text, and pull quotes.
 */
export const blockContent = defineType({
  name: 'blockContent',
  title: 'Rich text',
  type: 'array',
  icon: BlockContentIcon,
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        {title: 'Paragraph', value: 'normal'},
        {title: 'Heading', value: 'h2'},
        {title: 'Subheading', value: 'h3'},
        {title: 'Quote', value: 'blockquote'},
      ],
      lists: [
        {title: 'Bullets', value: 'bullet'},
        {title: 'Numbers', value: 'number'},
      ],
      marks: {
        decorators: [
          {title: 'Bold', value: 'strong'},
          {title: 'Italic', value: 'em'},
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Web link',
            type: 'object',
            icon: LinkIcon,
            fields: [
              defineField({
                name: 'href',
                title: 'Address',
                type: 'url',
                // The site renders only what the shared link rule accepts; the `uri` rule stays for its
                // side effect: with relative addresses allowed, the studio's input accepts a site path.
                validation: (rule) =>
                  rule
                    .required()
                    .uri({scheme: ['http', 'https', 'mailto', 'tel'], allowRelative: true})
                    .custom((href) => (href === undefined || linkKind(href) ? true : LINK_RULE_MESSAGE))
                    .error(LINK_RULE_MESSAGE),
              }),
            ],
          }),
          defineArrayMember({
            name: 'experienceLink',
            title: 'Link to an experience',
            type: 'object',
            icon: PinIcon,
            fields: [
              defineField({
                name: 'experience',
                title: 'Experience',
                type: 'reference',
                to: [{type: 'experience'}],
                options: {disableNew: true},
                validation: (rule) => rule.required().error('Pick the experience to link to.'),
              }),
            ],
          }),
        ],
      },
    }),
    defineArrayMember({
      name: 'bodyImage',
      title: 'Image',
      type: 'image',
      icon: ImageIcon,
      options: {hotspot: true},
      fields: [
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
          validation: (rule) =>
            rule
              .required()
              .error('Add alternative text: the site will not show an image without it.'),
        }),
        defineField({name: 'caption', title: 'Caption', type: 'string'}),
      ],
      preview: {select: {title: 'alt', subtitle: 'caption', media: 'asset'}},
    }),
    defineArrayMember({type: 'pullQuote'}),
  ],
})
