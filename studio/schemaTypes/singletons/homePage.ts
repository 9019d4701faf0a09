import {HomeIcon} from '@sanity/icons/Home'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {HOME_TESTIMONIALS} from '@repo/schemas/content-rules.ts'

import {imageWithAltField} from '../../lib/fields'

const text = (name: string, title: string, group: string, rows = 2) =>
  defineField({name, title, type: 'text', rows, group, validation: (rule) => rule.required()})
const line = (name: string, title: string, group: string) =>
  defineField({name, title, type: 'string', group, validation: (rule) => rule.required()})

/**
 * The home page's copy, including the How It Works block. Featured experiences are chosen on each
 * experience (its "Position among the home page’s featured experiences"). A singleton: `_id` "homePage".
 */
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  icon: HomeIcon,
  groups: [
    {name: 'hero', title: 'Hero', default: true},
    {name: 'search', title: 'Quick search'},
    {name: 'sections', title: 'Sections'},
    {name: 'howItWorks', title: 'How it works'},
  ],
  fields: [
    line('heroOverline', 'Overline', 'hero'),
    line('heroHeading', 'Heading', 'hero'),
    text('heroText', 'Text', 'hero'),
    line('heroPrimaryLabel', 'Button to experiences', 'hero'),
    line('heroSecondaryLabel', 'Button to the questionnaire', 'hero'),
    imageWithAltField({name: 'heroImage', title: 'Hero image', group: 'hero'}),
    line('quickSearchHeading', 'Heading', 'search'),
    line('quickSearchButtonLabel', 'Button label', 'search'),
    line('featuredHeading', 'Featured experiences heading', 'sections'),
    text('featuredText', 'Featured experiences text', 'sections'),
    line('itineraryHeading', 'Sample itinerary heading', 'sections'),
    text('itineraryText', 'Sample itinerary text', 'sections'),
    line('itineraryLinkLabel', 'Sample itinerary link label', 'sections'),
    line('storiesHeading', 'Stories heading', 'sections'),
    text('storiesText', 'Stories text', 'sections'),
    defineField({
      name: 'featuredStories',
      title: 'Story teasers',
      type: 'array',
      group: 'sections',
      of: [
        defineArrayMember({type: 'reference', to: [{type: 'story'}], options: {disableNew: true}}),
      ],
      validation: (rule) =>
        rule.required().length(3).unique().error('Pick three different stories.'),
    }),
    line('storiesLinkLabel', 'Link to all stories', 'sections'),
    line('testimonialsHeading', 'Testimonials heading', 'sections'),
    defineField({
      name: 'testimonials',
      title: 'Testimonials',
      type: 'array',
      group: 'sections',
      of: [
        defineArrayMember({
          type: 'reference',
          to: [{type: 'testimonial'}],
          options: {disableNew: true},
        }),
      ],
      validation: (rule) =>
        rule
          .required()
          .length(HOME_TESTIMONIALS)
          .unique()
          .error(`Pick ${HOME_TESTIMONIALS} different testimonials.`),
    }),
    line('howItWorksHeading', 'Heading', 'howItWorks'),
    defineField({
      name: 'howItWorksSteps',
      title: 'Steps',
      type: 'array',
      group: 'howItWorks',
      of: [defineArrayMember({type: 'step'})],
      validation: (rule) => rule.required().length(3).error('How It Works has three steps.'),
    }),
  ],
  preview: {
    select: {title: 'heroHeading', media: 'heroImage'},
    prepare: ({title, media}) => ({title: 'Home page', subtitle: title, media}),
  },
})
