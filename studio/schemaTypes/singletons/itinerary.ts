import {TimelineIcon} from '@sanity/icons/Timeline'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {ITINERARY_DAYS, ITINERARY_SERVICES} from '@repo/schemas/content-rules.ts'

/** The sample bespoke 7-day itinerary (/itinerary/bespoke-7-day). A singleton: `_id` "itinerary". */
export const itinerary = defineType({
  name: 'itinerary',
  title: 'Sample itinerary',
  type: 'document',
  icon: TimelineIcon,
  groups: [
    {name: 'overview', title: 'Overview', default: true},
    {name: 'days', title: 'Days'},
    {name: 'services', title: 'Services & pricing'},
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      group: 'overview',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      group: 'overview',
      description: 'The page is /itinerary/<slug>; the site links to bespoke-7-day.',
      readOnly: true,
      initialValue: {current: 'bespoke-7-day'},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'intro',
      title: 'Intro',
      type: 'text',
      rows: 3,
      group: 'overview',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'overviewPoints',
      title: 'Overview points',
      type: 'array',
      group: 'overview',
      description: 'Pace, transport, who it suits.',
      of: [defineArrayMember({type: 'step'})],
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'days',
      title: 'Days',
      type: 'array',
      group: 'days',
      of: [defineArrayMember({type: 'itineraryDay'})],
      validation: (rule) =>
        rule.custom((days) => {
          const list = (days ?? []) as {day?: number}[]
          if (list.length !== ITINERARY_DAYS)
            return `The sample itinerary has exactly ${ITINERARY_DAYS} days (now ${list.length}).`
          const numbers = list.map((d) => d.day)
          return numbers.every((n, i) => n === i + 1) ? true : 'Number the days 1 to 7, in order.'
        }),
    }),
    defineField({
      name: 'services',
      title: 'Bespoke services',
      type: 'array',
      group: 'services',
      of: [defineArrayMember({type: 'string'})],
      validation: (rule) =>
        rule
          .unique()
          .custom((services) =>
            (services?.length ?? 0) === ITINERARY_SERVICES
              ? true
              : `List exactly ${ITINERARY_SERVICES} bespoke services (now ${services?.length ?? 0}).`,
          ),
    }),
    defineField({
      name: 'pricingNote',
      title: 'Pricing note',
      type: 'text',
      rows: 2,
      group: 'services',
      initialValue:
        'Pricing is on request: every itinerary is costed for your dates, group and style.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'stickyBarText',
      title: 'Sticky bar text',
      type: 'string',
      group: 'services',
    }),
  ],
  preview: {
    select: {title: 'title', media: 'days.0.image'},
    prepare: ({title, media}) => ({
      title: title ?? 'Sample itinerary',
      subtitle: '7 days · 15 services',
      media,
    }),
  },
})
