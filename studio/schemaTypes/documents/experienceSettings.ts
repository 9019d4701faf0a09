import {ControlsIcon} from '@sanity/icons/Controls'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {
  DEFAULT_EXPERIENCE_SETTINGS,
  LEAD_TIME_MAX_DAYS,
  TIME_SLOTS,
  blackoutDatesProblem,
  leadTimeProblem,
  maxPaxProblem,
  minPaxProblem,
  timeSlotsProblem,
} from '@repo/schemas/experience-settings.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {STUDIO_API_VERSION, documentIds} from '../../lib/fields'

type SettingsDraft = {minPax?: number; maxPax?: number}

/**
 * Booking rules for one experience (spec §3 `experience_settings`). Without a document the spec's defaults apply
 * (`DEFAULT_EXPERIENCE_SETTINGS` in `@repo/schemas`). The rules are checked with the same functions the site uses.
 */
export const experienceSettings = defineType({
  name: 'experienceSettings',
  title: 'Booking settings',
  type: 'document',
  icon: ControlsIcon,
  fields: [
    defineField({
      name: 'experience',
      title: 'Experience',
      type: 'reference',
      to: [{type: 'experience'}],
      options: {disableNew: true},
      validation: (rule) => [
        rule.required().error('Choose the experience these settings are for.'),
        rule.custom(async (ref, context) => {
          if (!ref?._ref) return true
          const {published, draft} = documentIds(context)
          const other = await context
            .getClient({apiVersion: STUDIO_API_VERSION})
            .fetch<string | null>(
              `*[_type == "experienceSettings" && experience._ref == $ref && !(_id in [$published, $draft])][0]._id`,
              {ref: ref._ref, published, draft},
            )
          return other
            ? 'This experience already has booking settings. Edit those instead of adding a second set.'
            : true
        }),
      ],
    }),
    defineField({
      name: 'minPax',
      title: 'Minimum people per booking',
      type: 'number',
      initialValue: DEFAULT_EXPERIENCE_SETTINGS.minPax,
      validation: (rule) => rule.custom((minPax) => minPaxProblem(minPax) ?? true),
    }),
    defineField({
      name: 'maxPax',
      title: 'Maximum people per booking',
      type: 'number',
      initialValue: DEFAULT_EXPERIENCE_SETTINGS.maxPax,
      validation: (rule) =>
        rule.custom(
          (maxPax, context) =>
            maxPaxProblem(maxPax, (context.document as SettingsDraft)?.minPax) ?? true,
        ),
    }),
    defineField({
      name: 'timeSlots',
      title: 'Time slots',
      type: 'array',
      description:
        'Travellers choose a preferred time only when there is more than one slot and Full Day is not one of them.',
      of: [defineArrayMember({type: 'string'})],
      options: {list: TIME_SLOTS.map((slot) => ({value: slot, title: slot})), layout: 'grid'},
      initialValue: [...DEFAULT_EXPERIENCE_SETTINGS.timeSlots],
      validation: (rule) =>
        rule.custom((slots) => timeSlotsProblem(slots as string[] | undefined) ?? true),
    }),
    defineField({
      name: 'leadTimeDays',
      title: 'Lead time (days)',
      type: 'number',
      description: `How many days ahead a booking must be made: 0 (same day) to ${LEAD_TIME_MAX_DAYS}.`,
      initialValue: DEFAULT_EXPERIENCE_SETTINGS.leadTimeDays,
      validation: (rule) => rule.custom((days) => leadTimeProblem(days) ?? true),
    }),
    defineField({
      name: 'blackoutDates',
      title: 'Blackout dates',
      type: 'array',
      description: 'Days the experience cannot be booked (public holidays, guide leave, closures).',
      of: [defineArrayMember({type: 'date', options: {dateFormat: 'D MMM YYYY'}})],
      initialValue: [],
      validation: (rule) =>
        rule.custom(
          (dates) => blackoutDatesProblem(dates as string[] | undefined, todayInCapeTown()) ?? true,
        ),
    }),
  ],
  preview: {
    select: {
      title: 'experience.title',
      media: 'experience.image',
      minPax: 'minPax',
      maxPax: 'maxPax',
      slots: 'timeSlots',
      lead: 'leadTimeDays',
      blackouts: 'blackoutDates',
    },
    prepare({title, media, minPax, maxPax, slots, lead, blackouts}) {
      const parts = [
        `${minPax ?? '?'}–${maxPax ?? '?'} people`,
        Array.isArray(slots) && slots.length ? slots.join(', ') : 'no slots',
        `${lead ?? '?'} days’ notice`,
      ]
      if (Array.isArray(blackouts) && blackouts.length)
        parts.push(`${blackouts.length} blackout dates`)
      return {
        title: title ? `Booking settings: ${title}` : 'Booking settings (no experience)',
        subtitle: parts.join(' · '),
        media: media ?? ControlsIcon,
      }
    },
  },
})
