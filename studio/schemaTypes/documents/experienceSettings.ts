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
import {
  CAPACITY_LIMIT,
  capacityOverridesProblem,
  capacityProblem,
  slotCapacitiesProblem,
} from '@repo/schemas/capacity.ts'
import {travellersPerGuideProblem} from '@repo/schemas/resources.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {STUDIO_API_VERSION, documentIds} from '../../lib/fields'
import {BookingCalendarInput} from '../components/BookingCalendarInput'

type SettingsDraft = {minPax?: number; maxPax?: number; timeSlots?: string[]}

/**
 * Booking rules for one experience (`experience_settings`). Without a document the spec's defaults apply
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
      // The next 90 days as travellers find them, above the list; clicking a day adds or removes it here.
      components: {input: BookingCalendarInput},
      initialValue: [],
      validation: (rule) =>
        rule.custom(
          (dates) => blackoutDatesProblem(dates as string[] | undefined, todayInCapeTown()) ?? true,
        ),
    }),
    defineField({
      name: 'capacity',
      title: 'Places per departure',
      type: 'number',
      description: `How many travellers one departure (a date, and a time slot where there are several) can take in all: 1 to ${CAPACITY_LIMIT}. Confirmed bookings take places; the site stops requests for a full departure.`,
      initialValue: DEFAULT_EXPERIENCE_SETTINGS.maxPax,
      validation: (rule) => rule.custom((capacity) => capacityProblem(capacity) ?? true),
    }),
    defineField({
      name: 'travellersPerGuide',
      title: 'Travellers per guide',
      type: 'number',
      description:
        'One guide for every this many travellers (e.g. 12: 13 travellers need two guides). The departures view flags a departure with too few. Leave empty when no guide is needed.',
      validation: (rule) => rule.custom((value) => travellersPerGuideProblem(value) ?? true),
    }),
    defineField({
      name: 'slotCapacities',
      title: 'Places per time slot',
      type: 'array',
      description: 'Optional: a slot that takes a different number of places than the default.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'slotCapacity',
          title: 'Slot capacity',
          fields: [
            defineField({
              name: 'slot',
              title: 'Time slot',
              type: 'string',
              options: {list: TIME_SLOTS.map((slot) => ({value: slot, title: slot}))},
            }),
            defineField({name: 'capacity', title: 'Places', type: 'number'}),
          ],
          preview: {
            select: {slot: 'slot', capacity: 'capacity'},
            prepare: ({slot, capacity}) => ({
              title: slot ?? 'No slot',
              subtitle: `${capacity ?? '?'} places`,
            }),
          },
        }),
      ],
      validation: (rule) =>
        rule.custom(
          (entries, context) =>
            slotCapacitiesProblem(
              entries as {slot?: string; capacity?: number}[] | undefined,
              (context.document as SettingsDraft)?.timeSlots,
            ) ?? true,
        ),
    }),
    defineField({
      name: 'capacityOverrides',
      title: 'Places on particular dates',
      type: 'array',
      description:
        'Optional: a date with fewer or more places (a smaller boat, a second guide), for one slot or, with no slot, the whole day. 0 closes it.',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'capacityOverride',
          title: 'Capacity on a date',
          fields: [
            defineField({
              name: 'date',
              title: 'Date',
              type: 'date',
              options: {dateFormat: 'D MMM YYYY'},
            }),
            defineField({
              name: 'slot',
              title: 'Time slot (empty: every slot that day)',
              type: 'string',
              options: {list: TIME_SLOTS.map((slot) => ({value: slot, title: slot}))},
            }),
            defineField({name: 'capacity', title: 'Places', type: 'number'}),
          ],
          preview: {
            select: {date: 'date', slot: 'slot', capacity: 'capacity'},
            prepare: ({date, slot, capacity}) => ({
              title: [date ?? 'No date', slot].filter(Boolean).join(' · '),
              subtitle: `${capacity ?? '?'} places`,
            }),
          },
        }),
      ],
      validation: (rule) =>
        rule.custom(
          (entries, context) =>
            capacityOverridesProblem(
              entries as {date?: string; slot?: string; capacity?: number}[] | undefined,
              (context.document as SettingsDraft)?.timeSlots,
            ) ?? true,
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
      capacity: 'capacity',
    },
    prepare({title, media, minPax, maxPax, slots, lead, blackouts, capacity}) {
      const parts = [
        `${minPax ?? '?'}–${maxPax ?? '?'} people`,
        `${capacity ?? maxPax ?? '?'} places per departure`,
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
