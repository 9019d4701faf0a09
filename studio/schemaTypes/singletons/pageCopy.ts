import {DocumentsIcon} from '@sanity/icons/Documents'
import {defineArrayMember, defineField, defineType} from 'sanity'

const line = (name: string, title: string, group: string) =>
  defineField({name, title, type: 'string', group, validation: (rule) => rule.required()})
const text = (name: string, title: string, group: string) =>
  defineField({name, title, type: 'text', rows: 2, group, validation: (rule) => rule.required()})

/**
 * The copy of the smaller pages: experiences listing, stories listing, questionnaire, booking page, thank-you
 * page and not-found page. A singleton: `_id` "pageCopy".
 */
export const pageCopy = defineType({
  name: 'pageCopy',
  title: 'Other page copy',
  type: 'document',
  icon: DocumentsIcon,
  groups: [
    {name: 'experiences', title: 'Experiences', default: true},
    {name: 'stories', title: 'Stories'},
    {name: 'questionnaire', title: 'Questionnaire'},
    {name: 'booking', title: 'Booking'},
    {name: 'thankYou', title: 'Thank you'},
    {name: 'notFound', title: 'Not found'},
  ],
  fields: [
    defineField({
      name: 'experiencesHero',
      title: 'Experiences hero',
      type: 'pageHero',
      group: 'experiences',
      validation: (rule) => rule.required(),
    }),
    line('experiencesWizardToggleLabel', 'Button that opens the booking wizard', 'experiences'),
    defineField({
      name: 'storiesHero',
      title: 'Stories hero',
      type: 'pageHero',
      group: 'stories',
      validation: (rule) => rule.required(),
    }),
    line('storiesCtaHeading', 'Call to action heading', 'stories'),
    line('storiesCtaLabel', 'Button to experiences', 'stories'),
    defineField({
      name: 'questionnaireHero',
      title: 'Questionnaire hero',
      type: 'pageHero',
      group: 'questionnaire',
      validation: (rule) => rule.required(),
    }),
    line('questionnaireSubmitLabel', 'Submit button', 'questionnaire'),
    line('questionnaireSuccessToast', 'Success message', 'questionnaire'),
    line('bookingHeading', 'Booking page heading', 'booking'),
    text('bookingIntro', 'Booking page intro', 'booking'),
    line('bookingSuccessHeading', 'Success heading', 'booking'),
    text('bookingSuccessText', 'Success text', 'booking'),
    line('thankYouHeading', 'Heading', 'thankYou'),
    defineField({
      name: 'thankYouNextSteps',
      title: 'Next steps',
      type: 'array',
      group: 'thankYou',
      of: [defineArrayMember({type: 'step'})],
      validation: (rule) =>
        rule.required().length(3).error('The thank-you page lists three next steps.'),
    }),
    line('notFoundHeading', 'Heading', 'notFound'),
    text('notFoundText', 'Text', 'notFound'),
  ],
  preview: {
    prepare: () => ({
      title: 'Other page copy',
      subtitle: 'Listings, questionnaire, booking, thank you, 404',
      media: DocumentsIcon,
    }),
  },
})
