import {StarIcon} from '@sanity/icons/Star'
import {defineField, defineType} from 'sanity'

import {MAX_RATING} from '@repo/schemas/review-ratings.ts'
import {REJECTION_REASONS, REVIEW_TYPE, rejectionReasonTitle} from '@repo/schemas/reviews.ts'

import {RejectionReasonInput, rejectedMessage} from '../../actions/reviewModeration'
import {ReviewExperienceInput} from '../components/ReviewExperienceInput'

/**
 * A traveller's review of an experience (docs/decisions/090-reviews-as-drafts.md). It arrives as a draft from the
 * review form, so nobody outside the studio reads it; an editor publishes it, or rejects it with a reason (it then
 * stays a draft, which the site never reads). The traveller's words, rating and name are theirs: read-only here.
 * The review names no booking: its id is a keyed hash of the booking's, known only to the site's server.
 */
export const review = defineType({
  name: REVIEW_TYPE,
  title: 'Review',
  type: 'document',
  icon: StarIcon,
  fields: [
    defineField({
      name: 'experience',
      title: 'Experience',
      type: 'reference',
      to: [{type: 'experience'}],
      readOnly: true,
      // In words, with a link: the default read-only reference showed an empty grey box (issue 42).
      components: {input: ReviewExperienceInput},
    }),
    defineField({
      name: 'rating',
      title: 'Rating (stars)',
      type: 'number',
      readOnly: true,
      validation: (rule) => rule.required().integer().min(1).max(MAX_RATING),
    }),
    defineField({name: 'text', title: 'Review', type: 'text', rows: 6, readOnly: true}),
    defineField({
      name: 'displayName',
      title: 'Name shown',
      type: 'string',
      readOnly: true,
      description:
        'As the traveller chose it on the form (first name and initial unless they changed it).',
    }),
    defineField({name: 'submittedAt', title: 'Sent', type: 'datetime', readOnly: true}),
    defineField({
      name: 'consentToPublishAt',
      title: 'Consent to publish given',
      type: 'datetime',
      readOnly: true,
    }),
    defineField({
      name: 'rejectionReason',
      title: 'Reject this review',
      type: 'string',
      description:
        'Choose a reason to reject it: a rejected review is never published. The rating is never a reason.',
      options: {list: REJECTION_REASONS.map(({value, title}) => ({value, title})), layout: 'radio'},
      components: {input: RejectionReasonInput},
    }),
    defineField({
      name: 'reply',
      title: 'Reply from the company',
      type: 'text',
      rows: 3,
      description: 'Shown under the review once it is published.',
      validation: (rule) => rule.max(1000).error('Keep the reply to 1,000 characters.'),
    }),
  ],
  // A rejected review cannot be published: while the reason is set, Publish is a disabled "Rejected"
  // (actions/reviewModeration.tsx) and the site's queries skip it. The rejection is the editor's decision, saved,
  // not a mistake to fix: the validation panel says so as information, not as an error
  // (docs/decisions/176-a-rejected-review-says-so.md).
  validation: (rule) =>
    rule
      .custom((doc) =>
        typeof doc?.rejectionReason === 'string' && doc.rejectionReason !== ''
          ? rejectedMessage(doc.rejectionReason)
          : true,
      )
      .info(),
  preview: {
    select: {
      rating: 'rating',
      text: 'text',
      name: 'displayName',
      reason: 'rejectionReason',
      experience: 'experience.title',
    },
    prepare({rating, text, name, reason, experience}) {
      const stars =
        typeof rating === 'number' ? `${'★'.repeat(rating)}${'☆'.repeat(MAX_RATING - rating)}` : ''
      return {
        title: `${stars} ${name ?? ''}`.trim() || 'Review',
        subtitle: reason
          ? `Rejected: ${rejectionReasonTitle(reason)} · ${experience ?? ''}`
          : [experience, text].filter(Boolean).join(' · '),
        media: StarIcon,
      }
    },
  },
  orderings: [
    {title: 'Newest first', name: 'submittedDesc', by: [{field: 'submittedAt', direction: 'desc'}]},
  ],
})
