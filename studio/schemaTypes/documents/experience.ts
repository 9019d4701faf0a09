import {PinIcon} from '@sanity/icons/Pin'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {EXPERIENCE_CATEGORIES, categoryTitle} from '@repo/schemas/categories.ts'
import {
  DEFAULT_CANCELLATION_TEXT,
  FEATURED_EXPERIENCE_SLOTS,
  MAX_FAQS,
  faqsProblem,
  featuredOrderProblem,
  minimumAgeProblem,
  slugProblem,
} from '@repo/schemas/content-rules.ts'
import {slugify} from '@repo/schemas/slugify.ts'
import {departureStartTimesProblem, startTimeProblem} from '@repo/schemas/trip-details.ts'

import {STUDIO_API_VERSION, documentIds, imageWithAltField, stringListField} from '../../lib/fields'

/** A guided experience: one card on the listing, one detail modal and one page. */
export const experience = defineType({
  name: 'experience',
  title: 'Experience',
  type: 'document',
  icon: PinIcon,
  groups: [
    {name: 'basics', title: 'Basics', default: true},
    {name: 'details', title: 'Details'},
    {name: 'practical', title: 'Practical & policies'},
    {name: 'faqs', title: 'FAQs'},
    {name: 'promotion', title: 'Home page & links'},
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'Title',
      type: 'string',
      group: 'basics',
      validation: (rule) =>
        rule.required().max(80).error('Give the experience a title (80 characters at most).'),
    }),
    defineField({
      name: 'slug',
      title: 'Slug',
      type: 'slug',
      group: 'basics',
      description: 'The page address: /experiences/<slug>. Generated from the title.',
      options: {source: 'title', slugify: (input: string) => slugify(input)},
      validation: (rule) =>
        rule.required().custom((slug, context) => {
          const title = (context.document as {title?: string} | undefined)?.title
          const problem = slugProblem(slug?.current, title)
          if (!problem) return true
          // A slug that no longer follows the title is allowed (old links keep working) but flagged.
          return slug?.current && title && problem.startsWith('The slug should follow')
            ? true
            : problem
        }),
    }),
    defineField({
      name: 'category',
      title: 'Category',
      type: 'string',
      group: 'basics',
      options: {
        list: EXPERIENCE_CATEGORIES.map(({value, title}) => ({value, title})),
        layout: 'radio',
        direction: 'horizontal',
      },
      validation: (rule) =>
        rule.required().error('Choose the category the experience is listed under.'),
    }),
    defineField({
      name: 'isBespoke',
      title: 'Bespoke (planned to order)',
      type: 'boolean',
      group: 'basics',
      description:
        'On for the bespoke card: it shows "Start Questionnaire" and "View Sample Itinerary" instead of booking.',
      initialValue: false,
      validation: (rule) =>
        rule.custom((isBespoke, context) => {
          const category = (context.document as {category?: string} | undefined)?.category
          if (isBespoke && category && category !== 'bespoke')
            return 'A bespoke experience belongs in the Bespoke category.'
          if (!isBespoke && category === 'bespoke')
            return 'Experiences in the Bespoke category must be marked as bespoke.'
          return true
        }),
    }),
    defineField({
      name: 'location',
      title: 'Location',
      type: 'string',
      group: 'basics',
      validation: (rule) => rule.required().error('Say where the experience takes place.'),
    }),
    defineField({
      name: 'duration',
      title: 'Duration',
      type: 'string',
      group: 'basics',
      description: 'As travellers should read it, e.g. "2–4 hours" or "Full day (8 hours)".',
      validation: (rule) => rule.required().error('Say how long the experience lasts.'),
    }),
    defineField({
      name: 'fromPrice',
      title: 'From price (ZAR per person)',
      type: 'number',
      group: 'basics',
      description:
        'Shown as "From ZAR 450 per person". Leave empty only for the bespoke experience.',
      validation: (rule) =>
        rule.custom((price, context) => {
          const isBespoke = (context.document as {isBespoke?: boolean} | undefined)?.isBespoke
          if (price === undefined) return isBespoke ? true : 'Set the from price in rand.'
          if (!Number.isInteger(price) || price <= 0)
            return 'The price must be a whole number of rand above 0.'
          return true
        }),
    }),
    defineField({
      name: 'priceRange',
      title: 'Price text (only without a from price)',
      type: 'string',
      group: 'basics',
      description:
        'Only when there is no from price, e.g. "Priced on request". With a from price, every card and page shows "From ZAR 450 per person", made from it.',
      validation: (rule) =>
        rule.custom((text, context) => {
          const price = (context.document as {fromPrice?: number} | undefined)?.fromPrice
          return text && price !== undefined
            ? 'Leave this empty: with a from price, the site shows "From ZAR … per person" made from it.'
            : true
        }),
    }),
    defineField({
      name: 'blurb',
      title: 'Card blurb',
      type: 'text',
      rows: 2,
      group: 'basics',
      description: 'One or two sentences for the experience card.',
      validation: (rule) =>
        rule.required().max(220).error('Write a short blurb (220 characters at most).'),
    }),
    imageWithAltField({group: 'basics'}),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 5,
      group: 'details',
      validation: (rule) => rule.required().error('Describe the experience.'),
    }),
    stringListField({name: 'highlights', title: 'Highlights', group: 'details', min: 1}),
    defineField({
      name: 'whatToExpect',
      title: 'What to expect',
      type: 'text',
      rows: 5,
      group: 'details',
      validation: (rule) => rule.required().error('Tell travellers what to expect.'),
    }),
    stringListField({name: 'included', title: 'What’s included', group: 'details', min: 1}),
    stringListField({name: 'optionalExtras', title: 'Optional extras', group: 'details'}),
    stringListField({name: 'whatToBring', title: 'What to bring', group: 'practical'}),
    defineField({
      name: 'format',
      title: 'Format',
      type: 'string',
      group: 'practical',
      description: 'E.g. "Small-group guided hike". Shown under "Good to know".',
    }),
    defineField({
      name: 'goodToKnow',
      title: 'Good to know',
      type: 'text',
      rows: 3,
      group: 'practical',
    }),
    defineField({
      name: 'meetingPickup',
      title: 'Meeting & pick-up',
      type: 'text',
      rows: 3,
      group: 'practical',
      validation: (rule) => rule.required().error('Say where travellers meet or are picked up.'),
    }),
    defineField({
      name: 'meetingPoint',
      title: 'Meeting point',
      type: 'meetingPoint',
      group: 'practical',
      description:
        'Shown on the traveller’s request page, in the confirmation and as the calendar invitation’s place.',
    }),
    defineField({
      name: 'startTime',
      title: 'Start time (Cape Town)',
      type: 'string',
      group: 'practical',
      description:
        'HH:mm on Cape Town’s clock, e.g. 09:00. Travellers see "Saturday 28 November 2026, 09:00 SAST". Empty: the day only.',
      validation: (rule) => rule.custom((value) => startTimeProblem(value) ?? true),
    }),
    defineField({
      name: 'departureStartTimes',
      title: 'Departures with a different start',
      type: 'array',
      group: 'practical',
      description: 'Only the dates that start at another time than the usual one.',
      of: [defineArrayMember({type: 'departureStartTime'})],
      validation: (rule) =>
        rule.custom(
          (entries: {date?: string; startTime?: string}[] | undefined) =>
            departureStartTimesProblem(entries) ?? true,
        ),
    }),
    defineField({
      name: 'cancellation',
      title: 'Cancellation & changes',
      type: 'text',
      rows: 2,
      group: 'practical',
      initialValue: DEFAULT_CANCELLATION_TEXT,
      validation: (rule) => rule.required().error('Give the cancellation terms.'),
    }),
    defineField({
      name: 'maxGroupSize',
      title: 'Maximum group size',
      type: 'number',
      group: 'practical',
      description:
        'The largest group one guide takes, as shown on the page. Booking limits are in the booking settings.',
      validation: (rule) =>
        rule
          .required()
          .integer()
          .min(1)
          .max(100)
          .error('Set the group size cap (a whole number from 1 to 100).'),
    }),
    defineField({
      name: 'minimumAge',
      title: 'Minimum age',
      type: 'number',
      group: 'practical',
      description: '0 means all ages.',
      initialValue: 0,
      validation: (rule) => rule.required().custom((age) => minimumAgeProblem(age) ?? true),
    }),
    defineField({
      name: 'fitnessLevel',
      title: 'Fitness level',
      type: 'string',
      group: 'practical',
      options: {
        list: [
          {value: 'easy', title: 'Easy'},
          {value: 'moderate', title: 'Moderate'},
          {value: 'challenging', title: 'Challenging'},
        ],
        layout: 'radio',
        direction: 'horizontal',
      },
      initialValue: 'easy',
    }),
    defineField({
      name: 'faqs',
      title: 'FAQs',
      type: 'array',
      group: 'faqs',
      description: `Up to ${MAX_FAQS}, shown in the order here.`,
      of: [defineArrayMember({type: 'faq'})],
      validation: (rule) => rule.custom((faqs) => faqsProblem(faqs) ?? true),
    }),
    defineField({
      name: 'featuredOrder',
      title: 'Position among the home page’s featured experiences',
      type: 'number',
      group: 'promotion',
      description: `1 to ${FEATURED_EXPERIENCE_SLOTS}; leave empty to keep it off the home page.`,
      validation: (rule) =>
        rule.custom(async (order, context) => {
          const problem = featuredOrderProblem(order)
          if (problem) return problem
          if (order === undefined) return true
          const {published, draft} = documentIds(context)
          const taken = await context
            .getClient({apiVersion: STUDIO_API_VERSION})
            .fetch<string | null>(
              `*[_type == "experience" && featuredOrder == $order && !(_id in [$published, $draft]) && !(_id in path("drafts.**"))][0].title`,
              {order, published, draft},
            )
          return taken ? `Position ${order} is already taken by “${taken}”.` : true
        }),
    }),
    defineField({
      name: 'resellable',
      title: 'Resellers may sell this',
      type: 'boolean',
      group: 'promotion',
      description:
        'On: resellers with a key see this experience and book its places through OCTO: the same places as the site, so nothing is sold twice. Bespoke experiences are never sold by resellers.',
      initialValue: false,
    }),
    defineField({
      name: 'aliases',
      title: 'Other addresses',
      type: 'array',
      group: 'promotion',
      description:
        'Older slugs or booking ids that should lead here, e.g. "cape-point-and-penguins".',
      of: [{type: 'string'}],
      validation: (rule) => rule.unique().error('Each address may be listed once.'),
    }),
  ],
  orderings: [
    {
      title: 'Home page order',
      name: 'featuredOrder',
      by: [{field: 'featuredOrder', direction: 'asc'}],
    },
    {title: 'Title', name: 'title', by: [{field: 'title', direction: 'asc'}]},
  ],
  preview: {
    select: {
      title: 'title',
      category: 'category',
      price: 'fromPrice',
      duration: 'duration',
      media: 'image',
    },
    prepare({title, category, price, duration, media}) {
      const priceText = typeof price === 'number' ? `From ZAR ${price}` : 'Priced on request'
      return {
        title: title ?? 'Untitled experience',
        subtitle: [category ? categoryTitle(category) : null, duration, priceText]
          .filter(Boolean)
          .join(' · '),
        media,
      }
    },
  },
})
