import {PresentationIcon} from '@sanity/icons/Presentation'
import {defineField, defineType} from 'sanity'

/** The top of a page: overline, heading, intro and an optional picture. */
export const pageHero = defineType({
  name: 'pageHero',
  title: 'Page hero',
  type: 'object',
  icon: PresentationIcon,
  fields: [
    defineField({name: 'overline', title: 'Overline', type: 'string'}),
    defineField({
      name: 'heading',
      title: 'Heading',
      type: 'string',
      validation: (rule) => rule.required().max(100),
    }),
    defineField({
      name: 'intro',
      title: 'Intro',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.max(400),
    }),
    defineField({
      name: 'image',
      title: 'Image',
      type: 'image',
      options: {hotspot: true},
      fields: [
        defineField({
          name: 'alt',
          title: 'Alternative text',
          type: 'string',
          validation: (rule) =>
            rule.custom((alt, context) =>
              (context.parent as {asset?: unknown})?.asset && !alt
                ? 'Add alternative text: the site will not show an image without it.'
                : true,
            ),
        }),
      ],
    }),
  ],
  preview: {select: {title: 'heading', subtitle: 'overline', media: 'image'}},
})
